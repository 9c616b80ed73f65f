import type { ChatRequestInput } from '@app/contracts';

/** The system prompt of the JSON repair request: only the corrected JSON comes back. */
export const repairSystemPrompt =
  'You repair Vega and Vega-Lite chart specifications. The user sends a specification that is not valid JSON. ' +
  'Answer with only the corrected JSON: no explanation, no markdown, no code fence. ' +
  'Keep the chart as it was meant; change only what is needed to make the JSON valid.';

/** Room for a chart spec in the answer. */
export const repairMaxTokens = 4000;

/**
 * The JSON repair request (model, messages, prompt, temperature, maxTokens, skipRag,
 * skipCodeInterpreter) as a plain chat request: the system prompt first,
 * the broken spec as the user's message, no data sources.
 */
export const repairRequest = (model: string, brokenJson: string, requestId: string): ChatRequestInput => ({
  model,
  temperature: 0,
  max_tokens: repairMaxTokens,
  stream: true,
  dataSources: [],
  messages: [
    { role: 'system', content: repairSystemPrompt },
    { role: 'user', content: brokenJson },
  ],
  options: { requestId, extras: { skipRag: true, skipCodeInterpreter: true } },
});

/** The JSON in a model's answer: the inside of a code fence when it wrote one anyway, else all of it. */
export const jsonOfAnswer = (answer: string): string => {
  const fenced = /```[a-zA-Z-]*\s*\n([\s\S]*?)\n?```/.exec(answer);
  return (fenced?.[1] ?? answer).trim();
};

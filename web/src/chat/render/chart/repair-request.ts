import { ChatChunk, type ChatRequestInput } from '@app/contracts';

/** The system prompt of the JSON repair request: only the corrected JSON comes back. */
export const repairSystemPrompt =
  'You repair Vega and Vega-Lite chart specifications. The user sends a specification that is not valid JSON. ' +
  'Answer with only the corrected JSON: no explanation, no markdown, no code fence. ' +
  'Keep the chart as it was meant; change only what is needed to make the JSON valid.';

/** Room for a chart spec in the answer. */
export const repairMaxTokens = 4000;

/**
 * The JSON repair request (second spec, section 3: model, messages, prompt, temperature,
 * maxTokens, skipRag, skipCodeInterpreter) as a plain chat request: the system prompt first,
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

/**
 * Server-sent events, read as they arrive: each `feed` answers the `data` of the events it
 * completed (lines joined by a newline, per the SSE format); comments and other fields are skipped.
 */
export class SseDataReader {
  private buffer = '';
  private data: string[] = [];

  feed(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      if (line === '') {
        if (this.data.length > 0) events.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data:')) {
        const value = line.slice(5);
        this.data.push(value.startsWith(' ') ? value.slice(1) : value);
      }
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }
}

export type AnswerStep = { kind: 'text'; text: string } | { kind: 'failed' } | { kind: 'none' };

/** One event of the chat answer: an answer chunk's text, a failure, or nothing of interest. */
export const answerStep = (data: string): AnswerStep => {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: 'none' };
  }
  const chunk = ChatChunk.safeParse(json);
  if (!chunk.success) return { kind: 'none' };
  if (chunk.data.s === 'answer') return { kind: 'text', text: chunk.data.d };
  if (chunk.data.s === 'error') return { kind: 'failed' };
  return { kind: 'none' };
};

/** The JSON in a model's answer: the inside of a code fence when it wrote one anyway, else all of it. */
export const jsonOfAnswer = (answer: string): string => {
  const fenced = /```[a-zA-Z-]*\s*\n([\s\S]*?)\n?```/.exec(answer);
  return (fenced?.[1] ?? answer).trim();
};

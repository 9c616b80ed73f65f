/** The OpenAI-compatible API's own refusals (the relay's are reused as they are). */
export const openaiApiMessages = {
  toolNotFunction:
    'tools: only function tools are supported ({type: "function", function: {name, description, parameters}}).',
  toolNameTwice: (name: string) => `tools: the tool name ${name} is given twice.`,
  toolChoiceShape: 'tool_choice: none, auto, required or {type: "function", function: {name}}.',
  toolChoiceUnknown: (name: string) => `tool_choice: no tool in tools is named ${name}.`,
  toolCallNotFunction: 'tool_calls: each is {id, type: "function", function: {name, arguments}}.',
  toolResultWithoutCall:
    'A tool message must answer a tool call of an earlier assistant message (its tool_call_id).',
  partNotSupported: (type: string) =>
    `content parts of type "${type}" are not supported by this API: send text parts only.`,
} as const;

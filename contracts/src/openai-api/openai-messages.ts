/** The OpenAI-compatible API's own refusals (the relay's are reused as they are). */
export const openaiApiMessages = {
  toolsNotSupported: 'tools are not supported by this API yet: send the request without tools.',
  toolMessagesNotSupported: 'messages with role "tool" or tool_calls are not supported by this API yet.',
  partNotSupported: (type: string) =>
    `content parts of type "${type}" are not supported by this API: send text parts only.`,
} as const;

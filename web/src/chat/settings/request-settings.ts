import type { ChatRequest, ConversationSettings } from '@app/contracts';

/** Whether the settings change anything of a request (instructions to add, or a temperature of its own). */
export const hasSettings = (settings: ConversationSettings): boolean =>
  settings.instructions.trim() !== '' || settings.temperature !== null;

/**
 * A chat request with the conversation's settings: its instructions added to the system prompt (a
 * system message first, or after the one already there), its temperature the request's. The
 * conversation's temperature, set by the user for it, wins over an assistant's.
 */
export const withConversationSettings = (
  request: ChatRequest,
  settings: ConversationSettings,
): ChatRequest => {
  const instructions = settings.instructions.trim();
  const [first, ...rest] = request.messages;
  const messages =
    instructions === ''
      ? request.messages
      : first?.role === 'system'
        ? [{ ...first, content: `${first.content}\n\n${instructions}` }, ...rest]
        : [{ role: 'system' as const, content: instructions }, ...request.messages];
  return {
    ...request,
    messages,
    ...(settings.temperature === null ? {} : { temperature: settings.temperature }),
  };
};

import {
  ChatRequest,
  openaiApiMessages,
  type ChatMessage,
  type ChatRequestInput,
  type OpenAiChatRequest,
  type OpenAiMessage,
} from '@app/contracts';
import { describeIssues, type ClientTools } from '../chat/index';
import { clientToolsOf } from './openai-tools';

export type RelayRequest =
  { ok: true; request: ChatRequest; clientTools?: ClientTools } | { ok: false; message: string };

type Refused = { refused: string };

/** A message's text: a string, or its text parts one after the other; other parts are refused by type. */
const textOf = (content: OpenAiMessage['content']): string | Refused => {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  const other = content.find((p) => p.type !== 'text');
  if (other) return { refused: openaiApiMessages.partNotSupported(other.type) };
  return content.map((p) => p.text ?? '').join('\n');
};

const isSystem = (m: OpenAiMessage) => m.role === 'system' || m.role === 'developer';

/**
 * The relay's messages for OpenAI's: `developer` is a system message; the system messages that open
 * the conversation become the one system prompt the relay takes (a later one is refused by the relay's
 * own rule). A tool message is not one of the relay's messages, an assistant's tool calls keep only its
 * text: both go to the model as tool parts (openai-tools.ts), the relay records the texts.
 */
const messagesOf = (messages: readonly OpenAiMessage[]): ChatMessage[] | Refused => {
  const out: ChatMessage[] = [];
  const leading: string[] = [];
  let opening = true;
  for (const m of messages) {
    if (m.role === 'tool') continue;
    const content = textOf(m.content);
    if (typeof content !== 'string') return content;
    if (opening && isSystem(m)) {
      leading.push(content);
      continue;
    }
    opening = false;
    out.push({ role: isSystem(m) ? 'system' : m.role === 'assistant' ? 'assistant' : 'user', content });
  }
  return leading.length > 0 ? [{ role: 'system', content: leading.join('\n\n') }, ...out] : out;
};

/**
 * The relay's chat request for an OpenAI one (pure): its id is the server's (`requestId`), its output
 * bound `max_completion_tokens`, else `max_tokens`, else the relay's default; its temperature and
 * reasoning effort when given. Checked by the relay's own schema, so its refusals read the same.
 */
export const relayRequestOf = (body: OpenAiChatRequest, requestId: string): RelayRequest => {
  const clientTools = clientToolsOf(body);
  if (!clientTools.ok) return clientTools;
  const messages = messagesOf(body.messages);
  if ('refused' in messages) return { ok: false, message: messages.refused };
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  const input: ChatRequestInput = {
    model: body.model,
    messages,
    ...(maxTokens === null || maxTokens === undefined ? {} : { max_tokens: maxTokens }),
    ...(body.temperature === null || body.temperature === undefined ? {} : { temperature: body.temperature }),
    options: {
      requestId,
      ...(body.reasoning_effort ? { reasoningLevel: body.reasoning_effort } : {}),
    },
  };
  const parsed = ChatRequest.safeParse(input);
  return parsed.success
    ? { ok: true, request: parsed.data, ...(clientTools.value ? { clientTools: clientTools.value } : {}) }
    : { ok: false, message: describeIssues(parsed.error) };
};

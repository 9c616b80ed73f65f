import {
  ChatRequest,
  openaiApiMessages,
  type ChatMessage,
  type ChatRequestInput,
  type OpenAiChatRequest,
  type OpenAiMessage,
} from '@app/contracts';
import { describeIssues, type ClientTools, type LoadedImages } from '../chat/index';
import { clientToolsOf } from './openai-tools';
import { inlineImageKey, inlineImageOf, type InlineImage } from './inline-images';

export type RelayRequest =
  | { ok: true; request: ChatRequest; clientTools?: ClientTools; images?: LoadedImages }
  | { ok: false; message: string };

type Refused = { refused: string };

/** A message's text and inline images, as the relay's message takes them. */
interface Content {
  text: string;
  images: InlineImage[];
}

/**
 * A message's content: a string, or its text parts one after the other with, in a user message, its
 * `image_url` parts as inline images (inline-images.ts: data: URLs only, bounded, sniffed); other
 * parts are refused by type. `taken` counts the request's images before this message (their keys).
 */
const contentOf = (m: OpenAiMessage, at: number, taken: number): Content | Refused => {
  const content = m.content;
  if (content === null || content === undefined) return { text: '', images: [] };
  if (typeof content === 'string') return { text: content, images: [] };
  const other = content.find((p) => p.type !== 'text' && p.type !== 'image_url');
  if (other) return { refused: openaiApiMessages.partNotSupported(other.type) };
  const images: InlineImage[] = [];
  for (const [i, part] of content.entries()) {
    if (part.type !== 'image_url') continue;
    if (m.role !== 'user') return { refused: openaiApiMessages.imageNotInUserMessage };
    const image = inlineImageOf(part, `messages[${at}].content[${i}]`, inlineImageKey(taken + images.length));
    if (!image.ok) return { refused: image.message };
    images.push(image.value);
  }
  const text = content
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('\n');
  return { text, images };
};

const isSystem = (m: OpenAiMessage) => m.role === 'system' || m.role === 'developer';

/**
 * The relay's messages for OpenAI's: `developer` is a system message; the system messages that open
 * the conversation become the one system prompt the relay takes (a later one is refused by the relay's
 * own rule). A tool message is not one of the relay's messages, an assistant's tool calls keep only its
 * text: both go to the model as tool parts (openai-tools.ts), the relay records the texts. A user
 * message's images are named by their keys; their bytes are answered beside (`images`).
 */
const messagesOf = (
  messages: readonly OpenAiMessage[],
): { messages: ChatMessage[]; images: InlineImage[] } | Refused => {
  const out: ChatMessage[] = [];
  const leading: string[] = [];
  const images: InlineImage[] = [];
  let opening = true;
  for (const [at, m] of messages.entries()) {
    if (m.role === 'tool') continue;
    const content = contentOf(m, at, images.length);
    if ('refused' in content) return content;
    if (opening && isSystem(m)) {
      leading.push(content.text);
      continue;
    }
    opening = false;
    images.push(...content.images);
    const role = isSystem(m) ? 'system' : m.role === 'assistant' ? 'assistant' : 'user';
    out.push({
      role,
      content: content.text,
      ...(content.images.length > 0 ? { images: content.images.map((i) => ({ key: i.key })) } : {}),
    });
  }
  return {
    messages: leading.length > 0 ? [{ role: 'system', content: leading.join('\n\n') }, ...out] : out,
    images,
  };
};

/**
 * The relay's chat request for an OpenAI one (pure): its id is the server's (`requestId`), its output
 * bound `max_completion_tokens`, else `max_tokens`, else the relay's default; its temperature and
 * reasoning effort when given. Checked by the relay's own schema, so its refusals read the same.
 */
export const relayRequestOf = (body: OpenAiChatRequest, requestId: string): RelayRequest => {
  const clientTools = clientToolsOf(body);
  if (!clientTools.ok) return clientTools;
  const read = messagesOf(body.messages);
  if ('refused' in read) return { ok: false, message: read.refused };
  const { messages, images } = read;
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
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error) };
  return {
    ok: true,
    request: parsed.data,
    ...(clientTools.value ? { clientTools: clientTools.value } : {}),
    ...(images.length > 0 ? { images: new Map(images.map((i) => [i.key, i.image])) } : {}),
  };
};

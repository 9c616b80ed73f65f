import type {
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { imageTokenBound } from './chat-images';

/**
 * Token counts that cannot fall short of a provider's, whatever its tokenizer: no BPE token (nor a
 * SentencePiece one, with its byte fallback) is shorter than one byte of UTF-8, so a text's UTF-8
 * length bounds its tokens. Chinese, Japanese or emoji count three or four a character, as they may
 * cost. A chat template's own tokens (role markers, the tools' preamble) are allowed for on top.
 */
export const bytesOf = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The template's tokens around one message (its role markers and separators), at most. */
export const messageOverheadTokens = 8;
/** The template's tokens of a request (the reply's opening, a date line some templates add), at most. */
export const requestOverheadTokens = 32;
/** The template's tokens around the tools offered (their preamble), at most. */
export const toolsOverheadTokens = 64;
/** The template's tokens around one tool's definition, or one tool call (its id and markers), at most. */
export const toolOverheadTokens = 16;

/**
 * Output is counted in UTF-8 bytes as it streams, against `max_tokens` at this many bytes a token.
 * An honest answer of `max_tokens` tokens averages a little over four bytes a token in English or
 * code (CJK about three), so at six the provider's own end comes first and an honest answer is not
 * cut short; a server that ignores `max_tokens` is stopped there. The reservation counts the output
 * at the same bound (`outputBoundTokens`): bytes bound tokens, so what streams before the stop never
 * costs more than was reserved. The price of the slack: a request holds six times `max_tokens` of
 * output while it runs (a finished answer is settled at the usage its provider reports).
 */
export const outputBytesPerToken = 6;

/** The output tokens reserved for `maxTokens`: the bytes an answer may stream before it is stopped. */
export const outputBoundTokens = (maxTokens: number): number => maxTokens * outputBytesPerToken;

const encoder = new TextEncoder();

/**
 * The beginning of `text` whose UTF-8 takes at most `max` bytes, cut between characters (a
 * character that does not fit whole is left out): what goes on of a chunk that crosses a bound.
 */
export const cutToBytes = (text: string, max: number): string => {
  if (max <= 0) return '';
  if (bytesOf(text) <= max) return text;
  const { read } = encoder.encodeInto(text, new Uint8Array(max));
  return text.slice(0, read);
};

const jsonBytes = (value: unknown): number => bytesOf(JSON.stringify(value) ?? 'null');

/** The tokens of the tools' definitions as sent (name, description, input schema), at most. */
export const toolDefinitionsBound = (tools: readonly LanguageModelV3FunctionTool[] | undefined): number => {
  if (!tools || tools.length === 0) return 0;
  let tokens = toolsOverheadTokens;
  for (const t of tools)
    tokens += bytesOf(t.name) + bytesOf(t.description ?? '') + jsonBytes(t.inputSchema) + toolOverheadTokens;
  return tokens;
};

type Part = Exclude<LanguageModelV3Prompt[number]['content'], string>[number];

const partBound = (part: Part): number => {
  if (part.type === 'text' || part.type === 'reasoning') return bytesOf(part.text);
  if (part.type === 'tool-call') return bytesOf(part.toolName) + jsonBytes(part.input) + toolOverheadTokens;
  if (part.type === 'tool-result')
    return bytesOf(part.toolName) + jsonBytes(part.output) + toolOverheadTokens;
  // An image: its fixed bound (chat-images.ts), whatever its bytes.
  if (part.type === 'file' && part.mediaType.startsWith('image/')) return imageTokenBound;
  // Parts the relay does not send (other files, approvals): their JSON, a generous bound for text.
  return jsonBytes(part);
};

/**
 * The input tokens of a call, at most: the UTF-8 bytes of everything sent (the system prompt with
 * any passages, every message, tool calls and results, the tools' definitions) and the template's
 * tokens around them. One pass over the texts, nothing copied.
 */
export const inputBoundOf = (
  prompt: LanguageModelV3Prompt,
  tools?: readonly LanguageModelV3FunctionTool[],
): number => {
  let tokens = requestOverheadTokens + toolDefinitionsBound(tools);
  for (const message of prompt) {
    tokens += messageOverheadTokens;
    if (typeof message.content === 'string') tokens += bytesOf(message.content);
    else for (const part of message.content) tokens += partBound(part);
  }
  return tokens;
};

/** The input bound of plain texts, each sent as one message (what the reservation counts). */
export const textsBound = (texts: readonly string[]): number => {
  let tokens = requestOverheadTokens;
  for (const text of texts) tokens += messageOverheadTokens + bytesOf(text);
  return tokens;
};

/**
 * The output tokens a stream part adds, at most: the bytes of its text, reasoning and tool-call
 * input as they stream, and the template's tokens of each call. A call that comes whole (no input
 * deltas before it) counts its name and input then. `streamedCalls` holds the ids whose input
 * streamed, so it is not counted twice.
 */
export const outputBoundOf = (part: LanguageModelV3StreamPart, streamedCalls: Set<string>): number => {
  if (part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-input-delta')
    return bytesOf(part.delta);
  if (part.type === 'tool-input-start') {
    streamedCalls.add(part.id);
    return bytesOf(part.toolName) + toolOverheadTokens;
  }
  if (part.type === 'tool-call' && !streamedCalls.has(part.toolCallId))
    return bytesOf(part.toolName) + bytesOf(part.input) + toolOverheadTokens;
  return 0;
};

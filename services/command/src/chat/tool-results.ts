import type { JSONValue } from '@ai-sdk/provider';
import { bytesOf } from './token-bound';

/**
 * A tool's result as the model sees it, at most: the UTF-8 bytes of its JSON text (so at most as many
 * tokens, whatever the tokenizer). The reservation counts on it.
 */
export const toolResultBytes = 16_000;

const jsonBytes = (text: string): number => bytesOf(JSON.stringify(text));

/**
 * `text` cut so that, written as a JSON string (its quotes and escapes counted), its UTF-8 stays
 * within `max` bytes: a character takes 1 to 6 once escaped, so each round drops a sixth of the
 * excess, never much more than needed.
 */
const cutForJson = (text: string, max: number): string => {
  let cut = text.slice(0, max);
  for (let over = jsonBytes(cut) - max; over > 0; over = jsonBytes(cut) - max)
    cut = cut.slice(0, cut.length - Math.ceil(over / 6));
  return cut;
};

/** What a cut result adds around its text once written as JSON. */
const cutMarkBytes = bytesOf(JSON.stringify({ truncated: true, text: '' }));

/**
 * A result whose JSON is longer than the model is given: its beginning, marked as cut, so that the
 * JSON the provider sends (the cut text escaped again inside it) stays within `toolResultBytes`.
 */
export const boundedToolResult = (value: JSONValue): JSONValue => {
  const text = JSON.stringify(value) ?? 'null';
  return bytesOf(text) <= toolResultBytes
    ? value
    : { truncated: true, text: cutForJson(text, toolResultBytes - cutMarkBytes) };
};

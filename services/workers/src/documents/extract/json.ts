import type { Extracted, ExtractedItem } from '../types';
import { decodeText } from './text';

const pretty = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/**
 * json: an array gives one item per element, an object one item per top-level key (`key: value`),
 * pretty-printed; anything else one item. Throws on text that is not JSON.
 */
export const extractJson = (bytes: Uint8Array): Extracted => {
  const value: unknown = JSON.parse(decodeText(bytes).replace(/^\uFEFF/, ''));
  let items: ExtractedItem[];
  if (Array.isArray(value)) items = value.map((v, i) => ({ text: pretty(v), location: { element: i } }));
  else if (value !== null && typeof value === 'object')
    items = Object.entries(value).map(([k, v]) => ({ text: `${k}: ${pretty(v)}`, location: { key: k } }));
  else items = [{ text: pretty(value), location: {} }];
  return { items: items.filter((i) => i.text.trim().length > 0 && i.text !== 'null'), isImage: false };
};

import type { Extracted, ExtractedItem } from '../types';

/** UTF-8 text without a byte-order mark. */
export const decodeText = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

/** Paragraphs: runs of text between blank lines, each an item numbered from 1. */
export const paragraphItems = (text: string): ExtractedItem[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p, i) => ({ text: p, location: { paragraph: i + 1 } }));

/** txt and md: paragraphs. */
export const extractPlainText = (bytes: Uint8Array): Extracted => ({
  items: paragraphItems(decodeText(bytes)),
  isImage: false,
});

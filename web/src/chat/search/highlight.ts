import type { MatchRange } from '@app/contracts';

/** A piece of a text: marked (a word searched for) or not. */
export interface TextPart {
  text: string;
  marked: boolean;
}

/**
 * A text cut at its matched words (the answer's ranges: sorted, inside the text, not overlapping are
 * kept; any other is ignored), so each is shown in a <mark> as text, never as HTML.
 */
export function highlightParts(text: string, ranges: readonly MatchRange[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const { start, length } of ranges) {
    const end = start + length;
    if (start < at || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

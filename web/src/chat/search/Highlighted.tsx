import type { MatchRange } from '@app/contracts';
import { highlightParts } from './highlight';

/** A text with its matched words in <mark> (as text: never HTML). */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  return (
    <>
      {highlightParts(text, ranges).map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

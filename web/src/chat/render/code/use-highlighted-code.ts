import { useEffect, useState } from 'react';
import { highlightLanguageOf } from './highlight-languages';
import type { CodeToken } from './highlighter';

/** Longer code is shown plain: highlighting it would hold the page up. */
const maxHighlightedChars = 50_000;

interface Highlighted {
  code: string;
  language: string;
  lines: CodeToken[][];
}

export interface HighlightedLines {
  lines: CodeToken[][];
  /** Code added since those lines were highlighted (a block still streaming in), shown plain after them. */
  rest: string;
}

/**
 * The code's highlighted lines once the highlighter (loaded on first use) and the language's grammar
 * have loaded; null meanwhile, for a language it does not know, or when highlighting failed: the
 * code then shows plain. While a block grows (its message streams), the lines highlighted so far
 * stay, the new text plain after them until it is highlighted too.
 */
export function useHighlightedCode(code: string, language: string): HighlightedLines | null {
  const [shown, setShown] = useState<Highlighted | null>(null);
  const grammar = code.length <= maxHighlightedChars ? highlightLanguageOf(language) : null;

  useEffect(() => {
    if (!grammar) return;
    let gone = false;
    import('./highlighter')
      .then(({ highlightCode }) => highlightCode(code, grammar))
      .then(
        (lines) => {
          if (!gone) setShown({ code, language, lines });
        },
        () => undefined,
      );
    return () => {
      gone = true;
    };
  }, [code, language, grammar]);

  if (!grammar || !shown || shown.language !== language || !code.startsWith(shown.code)) return null;
  return { lines: shown.lines, rest: code.slice(shown.code.length) };
}

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

/**
 * The code's highlighted lines once the highlighter (loaded on first use) and the language's grammar
 * have loaded; null meanwhile, for a language it does not know, or when highlighting failed: the
 * code then shows plain.
 */
export function useHighlightedCode(code: string, language: string): CodeToken[][] | null {
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

  return grammar && shown?.code === code && shown.language === language ? shown.lines : null;
}

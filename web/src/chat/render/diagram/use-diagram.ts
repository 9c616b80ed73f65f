import { useCallback, useEffect, useState } from 'react';
import { renderMessages } from '@app/contracts';
import type { PageTheme } from '../theme/use-page-theme';
import { renderMermaid } from './mermaid-render';
import { diagramRetry, reasonOf, retryDelayMs, runWithRetries } from './retry';
import { sanitizeDiagramSvg } from './sanitize-svg';

export type DiagramState =
  | { status: 'waiting' }
  | { status: 'loading' }
  | { status: 'shown'; svg: SVGSVGElement }
  | { status: 'error'; message: string };

/** `key`: what it was drawn from (the attempt, the theme, the code); `source`: the same without the theme. */
type Outcome = { key: string; source: string } & (
  { status: 'shown'; svg: SVGSVGElement } | { status: 'error'; message: string }
);

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The diagram of a mermaid source in the page's theme (drawn again when the theme changes):
 * waiting while its message streams, then loading, then shown or an error, after up to 3 attempts 500 ms × the attempt apart.
 * `retry` (Try Again) starts over.
 */
export function useDiagram(
  code: string,
  streaming: boolean,
  theme: PageTheme,
): { state: DiagramState; retry: () => void } {
  const [run, setRun] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const empty = code.trim() === '';
  const source = `${run}\n${code}`;
  const key = `${theme}\n${source}`;

  useEffect(() => {
    if (streaming || empty) return;
    let cancelled = false;
    const render = async () => {
      const result = await runWithRetries(() => renderMermaid(code, theme), {
        attempts: diagramRetry.attempts,
        delayMs: retryDelayMs,
        sleep,
        cancelled: () => cancelled,
      });
      if (cancelled) return;
      if (!result.ok) {
        const message = renderMessages.diagramFailedAfterRetries(
          diagramRetry.attempts,
          reasonOf(result.error),
        );
        setOutcome({ key, source, status: 'error', message });
        return;
      }
      const svg = sanitizeDiagramSvg(result.value);
      setOutcome(
        svg
          ? { key, source, status: 'shown', svg }
          : { key, source, status: 'error', message: renderMessages.diagramMalformed },
      );
    };
    void render();
    return () => {
      cancelled = true;
    };
  }, [code, streaming, empty, key, source, theme]);

  const retry = useCallback(() => setRun((n) => n + 1), []);

  if (streaming) return { state: { status: 'waiting' }, retry };
  if (empty) return { state: { status: 'error', message: renderMessages.diagramEmpty }, retry };
  // After a change of theme the diagram stays as it was drawn until it is drawn again.
  if (outcome?.key !== key)
    return {
      state: outcome?.source === source && outcome.status === 'shown' ? outcome : { status: 'loading' },
      retry,
    };
  return { state: outcome, retry };
}

import { useCallback, useEffect, useRef, useState } from 'react';

/** How long 'Copied!' shows. */
export const copiedForMs = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard; the state says 'copied' (or 'failed') for 2 seconds. */
export function useCopy(text: string): { state: CopyState; copy: () => void } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const show = useCallback((next: CopyState) => {
    setState(next);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), copiedForMs);
  }, []);

  const copy = useCallback(() => {
    // No clipboard outside a secure context: that rejects too, it does not throw.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => show('copied'),
        () => show('failed'),
      );
  }, [text, show]);

  return { state, copy };
}

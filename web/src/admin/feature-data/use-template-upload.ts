import { useEffect, useRef, useState } from 'react';
import { nextTemplateProgress, templateProgressEveryMs } from './template-progress';

export type TemplateUpload =
  { kind: 'idle' } | { kind: 'uploading'; name: string; progress: number } | { kind: 'done'; name: string };

/**
 * The progress of one template upload: advanced 5 percent every 200 ms while `run` works, 100 once it
 * is done; removing the file (`remove`) aborts it and clears the field.
 */
export function useTemplateUpload() {
  const [state, setState] = useState<TemplateUpload>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (state.kind !== 'uploading') return;
    const timer = setInterval(() => {
      setState((s) => (s.kind === 'uploading' ? { ...s, progress: nextTemplateProgress(s.progress) } : s));
    }, templateProgressEveryMs);
    return () => clearInterval(timer);
  }, [state.kind]);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async (name: string, run: (signal: AbortSignal) => Promise<void>): Promise<boolean> => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', name, progress: 0 });
    try {
      await run(controller.signal);
      setState({ kind: 'done', name });
      return true;
    } catch (e) {
      setState({ kind: 'idle' });
      if (controller.signal.aborted) return false;
      throw e;
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const remove = () => {
    abort.current?.abort();
    setState({ kind: 'idle' });
  };

  return { state, start, remove };
}

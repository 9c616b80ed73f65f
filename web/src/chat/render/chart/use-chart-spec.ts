import { useEffect, useMemo, useState } from 'react';
import { renderMessages } from '@app/contracts';
import { repairChartJson } from './repair-client';
import { parseChartSpec, type JsonObject } from './vega-spec';

export type ChartSpecState =
  | { status: 'waiting' }
  | { status: 'preparing' }
  | { status: 'ready'; spec: JsonObject }
  | { status: 'error'; message: string };

type Outcome = { text: string } & (
  { status: 'ready'; spec: JsonObject } | { status: 'error'; message: string }
);

/**
 * A chart block's spec: nothing while its message streams; then the JSON
 * parsed, or, when it is not valid JSON, repaired by a model and parsed again; else the error.
 */
export function useChartSpec(
  text: string,
  streaming: boolean,
  repairModel: string | undefined,
): ChartSpecState {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const parsed = useMemo(() => (streaming ? null : parseChartSpec(text)), [text, streaming]);

  useEffect(() => {
    if (streaming || parsed) return;
    const abort = new AbortController();
    const repair = async () => {
      const answer = await repairChartJson(text, repairModel, abort.signal);
      if (abort.signal.aborted) return;
      const spec = answer === null ? null : parseChartSpec(answer);
      setOutcome(
        spec
          ? { text, status: 'ready', spec }
          : { text, status: 'error', message: renderMessages.chartParseFailed },
      );
    };
    void repair();
    return () => abort.abort();
  }, [text, streaming, parsed, repairModel]);

  if (streaming) return { status: 'waiting' };
  if (parsed) return { status: 'ready', spec: parsed };
  if (outcome?.text !== text) return { status: 'preparing' };
  return outcome;
}

import { useEffect, useRef, useState } from 'react';
import { renderMessages } from '@app/contracts';
import { RenderedCode } from '../RenderedCode';
import { reasonOf } from '../diagram/retry';
import { useChartSpec } from './use-chart-spec';
import { drawChart } from './vega-render';
import '../../../styles/chat-render.css';

export interface ChartViewerProps {
  /** The JSON of a ```vega / ```vega-lite block (or a ```json block holding a Vega spec). */
  code: string;
  streaming: boolean;
  /** The model asked to repair invalid JSON; when left out, the cheapest model open to the user. */
  repairModel?: string | undefined;
}

type Drawn = { status: 'drawing' } | { status: 'drawn' } | { status: 'failed'; message: string };

/** A Vega or Vega-Lite chart, 550x450. */
export default function ChartViewer({ code, streaming, repairModel }: ChartViewerProps) {
  const spec = useChartSpec(code, streaming, repairModel);
  const host = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn>({ status: 'drawing' });
  const [refusedUrl, setRefusedUrl] = useState(false);
  const [runtimeError, setRuntimeError] = useState<string | null>(null);
  const [showCode, setShowCode] = useState(false);
  const ready = spec.status === 'ready' ? spec.spec : null;

  useEffect(() => {
    const el = host.current;
    if (!el || !ready) return;
    let cancelled = false;
    let teardown: (() => void) | null = null;
    const draw = async () => {
      try {
        const finalize = await drawChart(el, ready, {
          onRefusedUrl: () => !cancelled && setRefusedUrl(true),
          onRuntimeError: (message) => !cancelled && setRuntimeError(message),
        });
        if (cancelled) finalize();
        else {
          teardown = finalize;
          setDrawn({ status: 'drawn' });
        }
      } catch (e) {
        if (!cancelled)
          setDrawn({ status: 'failed', message: renderMessages.chartRenderFailed(reasonOf(e)) });
      }
    };
    void draw();
    return () => {
      cancelled = true;
      teardown?.();
      el.replaceChildren();
      setDrawn({ status: 'drawing' });
      setRefusedUrl(false);
      setRuntimeError(null);
    };
  }, [ready]);

  const error = spec.status === 'error' ? spec.message : drawn.status === 'failed' ? drawn.message : null;
  const busy = spec.status === 'preparing' || (ready !== null && drawn.status === 'drawing');
  return (
    <figure className="render-viewer chart-viewer" aria-label="Chart">
      <div className="render-toolbar">
        <span className="render-label">Chart</span>
        <span className="render-actions">
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setShowCode((c) => !c)}>
            {showCode ? 'Show chart' : 'Show code'}
          </button>
        </span>
      </div>
      {(showCode || spec.status === 'waiting') && (
        <RenderedCode code={code} waiting={spec.status === 'waiting'} />
      )}
      {!showCode && busy && (
        <div role="status" className="render-status">
          {spec.status === 'preparing' ? renderMessages.chartRepairing : renderMessages.chartDrawing}
        </div>
      )}
      {!showCode && error && (
        <div role="alert" className="render-error">
          <p>{error}</p>
        </div>
      )}
      {!showCode && (refusedUrl || runtimeError) && (
        <p role="status" className="render-notice">
          {refusedUrl
            ? renderMessages.chartExternalData
            : renderMessages.chartRenderFailed(runtimeError ?? '')}
        </p>
      )}
      <div
        ref={host}
        className="chart-canvas"
        data-testid="chart-canvas"
        hidden={showCode || !ready || drawn.status === 'failed'}
      />
    </figure>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { UsageRow } from '@app/contracts';
import { usageScreenMessages } from '@app/contracts';
import type { ResolvedPeriod } from './period';
import {
  chartMetrics,
  chartPoints,
  usageChartSpec,
  type ChartColors,
  type ChartMetric,
} from './usage-chart-spec';
import { useDocumentTheme } from './use-document-theme';

const colorsOf = (el: HTMLElement): ChartColors => {
  const style = getComputedStyle(el);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: v('--text'),
    muted: v('--text-muted'),
    grid: v('--border-strong'),
    series: [v('--accent'), v('--warning')],
  };
};

/** Draws the spec with vega-embed, loaded on first use (expressions interpreted: the CSP allows no eval). */
async function draw(el: HTMLElement, spec: Record<string, unknown>): Promise<() => void> {
  const [{ default: embed }, { expressionInterpreter }] = await Promise.all([
    import('vega-embed'),
    import('vega-interpreter'),
  ]);
  const result = await embed(el, spec, {
    actions: false,
    ast: true,
    expr: expressionInterpreter,
    renderer: 'svg',
    defaultStyle: false,
  });
  return () => result.finalize();
}

export interface UsageChartProps {
  rows: readonly UsageRow[];
  period: ResolvedPeriod;
}

/** Cost, tokens or requests over the period's days or hours, as bars; which one is chosen above it. */
export function UsageChart({ rows, period }: UsageChartProps) {
  const [metric, setMetric] = useState<ChartMetric>('cost');
  const [failed, setFailed] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const theme = useDocumentTheme();
  const metricLabel = chartMetrics.find(([m]) => m === metric)?.[1] ?? metric;
  const label = usageScreenMessages.chartLabel(metricLabel, period.bucket);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let undo: (() => void) | null = null;
    let gone = false;
    const spec = usageChartSpec(
      chartPoints(rows, period.keys, metric),
      metric,
      period.bucket,
      colorsOf(el),
      label,
    );
    draw(el, spec).then(
      (finalize) => (gone ? finalize() : (undo = finalize)),
      (e: unknown) => !gone && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      gone = true;
      undo?.();
    };
  }, [rows, period, metric, theme, label]);

  return (
    <figure className="usage-chart">
      <div className="usage-chart-head">
        <figcaption className="usage-chart-title">{label}</figcaption>
        <div role="group" aria-label="Chart shows" className="usage-segmented">
          {chartMetrics.map(([id, name]) => (
            <button
              key={id}
              type="button"
              aria-pressed={metric === id}
              className={metric === id ? 'is-active' : undefined}
              onClick={() => setMetric(id)}
            >
              {name}
            </button>
          ))}
        </div>
      </div>
      {failed && (
        <p role="alert" className="usage-error">
          {failed}
        </p>
      )}
      {/* Vega names its svg with the spec's description (role graphics-document): the same label. */}
      <div ref={box} className="usage-chart-box" />
    </figure>
  );
}

import type { UsageRow } from '@app/contracts';
import type { Bucket } from './period';

/** What the chart shows over time. */
export const chartMetrics = [
  ['cost', 'Cost'],
  ['tokens', 'Tokens'],
  ['requests', 'Requests'],
] as const;
export type ChartMetric = (typeof chartMetrics)[number][0];

/** One bar's piece: its bucket, its series (tokens: input or output) and its value. */
export interface ChartPoint {
  at: string;
  series: string;
  value: number;
}

/** The colours the chart takes from the app's theme (its CSS variables, light or dark). */
export interface ChartColors {
  text: string;
  muted: string;
  grid: string;
  series: [string, string];
}

/** Every bucket of the period once (none missing: a bucket without requests is 0), in order. */
export function chartPoints(
  rows: readonly UsageRow[],
  keys: readonly string[],
  metric: ChartMetric,
): ChartPoint[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.flatMap((at) => {
    const row = byKey.get(at);
    if (metric === 'tokens')
      return [
        { at, series: 'Input', value: row?.inputTokens ?? 0 },
        { at, series: 'Output', value: row?.outputTokens ?? 0 },
      ];
    return [{ at, series: metric === 'cost' ? 'Cost' : 'Requests', value: row?.[metric] ?? 0 }];
  });
}

/**
 * The Vega-Lite spec of the chart: bars over time (UTC days or hours), tokens stacked input and
 * output, the width of its box, the theme's colours, a tooltip per bar.
 */
export function usageChartSpec(
  points: ChartPoint[],
  metric: ChartMetric,
  bucket: Bucket,
  colors: ChartColors,
  description: string,
): Record<string, unknown> {
  const unit = bucket === 'hour' ? 'utcyearmonthdatehours' : 'utcyearmonthdate';
  const valueTitle = chartMetrics.find(([m]) => m === metric)?.[1] ?? metric;
  const axis = {
    labelColor: colors.muted,
    titleColor: colors.text,
    gridColor: colors.grid,
    domainColor: colors.grid,
    tickColor: colors.grid,
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description,
    width: 'container',
    height: 220,
    autosize: { type: 'fit-x', contains: 'padding' },
    background: null,
    data: { values: points },
    mark: { type: 'bar', tooltip: true },
    encoding: {
      x: {
        field: 'at',
        type: 'ordinal',
        timeUnit: unit,
        title: null,
        axis: { labelAngle: 0, labelOverlap: 'greedy', format: bucket === 'hour' ? '%H:%M' : '%b %d' },
      },
      y: {
        field: 'value',
        type: 'quantitative',
        aggregate: 'sum',
        title: valueTitle,
        ...(metric === 'cost' ? { axis: { format: '$,.2f' } } : { axis: { format: '~s' } }),
      },
      color: {
        field: 'series',
        type: 'nominal',
        title: null,
        scale: { range: colors.series },
        legend: metric === 'tokens' ? { orient: 'top', labelColor: colors.text } : null,
      },
    },
    config: { axis, view: { stroke: null }, font: 'inherit' },
  };
}

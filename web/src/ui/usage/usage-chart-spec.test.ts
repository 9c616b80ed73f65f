import { describe, expect, it } from 'vitest';
import { chartPoints } from './usage-chart-spec';

const row = (key: string, cost: number) => ({ key, requests: 2, inputTokens: 10, outputTokens: 20, cost });

describe('the usage chart points', () => {
  it('has every bucket of the period once, a bucket without requests at 0', () => {
    expect(chartPoints([row('2026-11-02', 0.5)], ['2026-11-01', '2026-11-02'], 'cost')).toEqual([
      { at: '2026-11-01', series: 'Cost', value: 0 },
      { at: '2026-11-02', series: 'Cost', value: 0.5 },
    ]);
  });

  it('splits tokens into input and output', () => {
    expect(chartPoints([row('2026-11-01', 1)], ['2026-11-01'], 'tokens')).toEqual([
      { at: '2026-11-01', series: 'Input', value: 10 },
      { at: '2026-11-01', series: 'Output', value: 20 },
    ]);
  });
});

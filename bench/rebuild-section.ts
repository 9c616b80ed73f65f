import type { BenchServer } from './server';
import { measureRebuild, type RebuildFigures } from './rebuild';
import { fixed, thousands } from './stats';
import { table } from './table';

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

const row = (label: string, events: number, s: number, oursSeconds: number) => [
  label,
  thousands(events),
  fixed(s, 2),
  thousands(events / s),
  s === oursSeconds ? '' : `${fixed(s / oursSeconds, 2)} ×`,
];

const rows = (f: RebuildFigures) => [
  row(
    `ours (npm run events -- replay), log by ${f.fill === 'bulk' ? 'bulk insert' : 'appendToStream'}`,
    f.events,
    f.oursSeconds,
    f.oursSeconds,
  ),
  row('  floor: its reads alone, nothing written', f.events, f.readSeconds, f.oursSeconds),
  ...(f.insertEachSeconds === undefined
    ? []
    : [row('  floor: read the rows, one INSERT each', f.events, f.insertEachSeconds, f.oursSeconds)]),
];

/**
 * (e) a rebuild of the feature-flags projection at BENCH_REBUILD_EVENTS (20,000: the log written
 * through appendToStream) and at BENCH_REBUILD_BIG_EVENTS (1,000,000: the same rows written in bulk),
 * each beside its floors; the one-INSERT-per-event floor at the small size only (at 1,000,000 it
 * would take about half an hour).
 */
export const rebuildSection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const small = envInt('BENCH_REBUILD_EVENTS', 20_000);
  const big = envInt('BENCH_REBUILD_BIG_EVENTS', 1_000_000);
  out(
    `(e) Rebuild of the feature-flags projection over ${thousands(small)} and ${thousands(big)} events, each in one transaction`,
  );
  try {
    const figures = [await measureRebuild(server, small, { bulk: false, insertEach: true, warm: true })];
    if (big > small)
      figures.push(await measureRebuild(server, big, { bulk: true, insertEach: false, warm: false }));
    for (const f of figures)
      out(
        `    ${thousands(f.events)} events written in ${fixed(f.fillSeconds, 1)} s ` +
          (f.fill === 'bulk'
            ? '(insert … select from generate_series, a transaction per 1,000, as appends write them)'
            : '(appendToStream, 1,000 an append)'),
      );
    out();
    out(table(['rebuild', 'events', 'seconds', 'events/s', 'ours ÷ floor (speed)'], figures.flatMap(rows)));
    out(
      '    floors in the same run after ours, on the same log; the reads alone read batch after batch as the rebuild does',
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};

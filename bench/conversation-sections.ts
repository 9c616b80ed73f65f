import type { BenchServer } from './server';
import { measureSealing } from './sealing';
import { measureSearch } from './search';
import { fixed, thousands } from './stats';
import { table } from './table';

/** Sections (s) and (q): a cloud conversation's text sealed and opened, and searched. */
type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

export const sealingSection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const n = envInt('BENCH_SEALING', 500);
  out(
    "(s) Sealing a cloud conversation's text under its data key (the relay) and opening it (the projection)",
  );
  try {
    const f = await measureSealing(server, n);
    out(
      `    seal a 2 KB message ${fixed(f.sealMessageUs, 1)} µs, a 16 KB answer ${fixed(f.sealAnswerUs, 1)} µs`,
    );
    out();
    out(
      table(
        ['transaction (ms)', 'p50', 'p99'],
        [
          ["with the conversation's key looked up", fixed(f.lookup.p50, 2), fixed(f.lookup.p99, 2)],
          ['floor: select 1', fixed(f.floor.p50, 2), fixed(f.floor.p99, 2)],
          ['open a sealed 16 KB answer (row read, key cached)', fixed(f.open.p50, 2), fixed(f.open.p99, 2)],
        ],
      ),
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};

export const searchSection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const n = envInt('BENCH_SEARCH', 100);
  const sizes = [envInt('BENCH_SEARCH_SMALL', 10_000), envInt('BENCH_SEARCH_LARGE', 100_000)];
  out(
    "(q) Conversation search: GET /api/conversations/search among one user's cloud messages, beside its SQL alone",
  );
  try {
    const figures = await measureSearch(server, sizes, n);
    for (const f of figures)
      out(`    ${thousands(f.messages)} messages seeded in ${fixed(f.seedSeconds, 1)} s`);
    out();
    out(
      table(
        ['messages', 'query', 'found', 'HTTP p50 ms', 'HTTP p99 ms', 'SQL p50 ms (floor)', 'SQL p99 ms'],
        figures.flatMap((f) =>
          f.queries.map((q) => [
            thousands(f.messages),
            q.q,
            String(q.found),
            fixed(q.http.p50, 2),
            fixed(q.http.p99, 2),
            fixed(q.sql.p50, 2),
            fixed(q.sql.p99, 2),
          ]),
        ),
      ),
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};

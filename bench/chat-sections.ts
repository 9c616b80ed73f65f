import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatRoute } from '@app/contracts';
import { benchChatStorage } from './chat-setup';
import { measureClusterChat, type ClusterThroughput } from './chat-cluster';
import { measureChatStreams, type FirstTokens, type Rate, type Throughput } from './chat-stream';
import { summary } from './live-latency';
import type { BenchServer } from './server';
import { fixed, thousands } from './stats';
import { table } from './table';
import { measureWebSize } from './web-size';

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

/** (f) chat through /api/chat beside the model server straight, the floor and the peer; (g) the web app's JavaScript. */
export const chatSection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const opts = {
    concurrent: envInt('BENCH_CHAT_STREAMS', 100),
    tokens: envInt('BENCH_CHAT_TOKENS', 100),
    longTokens: envInt('BENCH_CHAT_LONG_TOKENS', 500),
    tokenDelayMs: envInt('BENCH_CHAT_TOKEN_DELAY_MS', 10),
    sequentialStreams: envInt('BENCH_CHAT_SEQUENTIAL', 100),
    rounds: envInt('BENCH_CHAT_ROUNDS', 5),
  };
  out(`(f) Chat: POST ${chatRoute} beside the same local streaming model server called straight,`);
  out(
    '    the floor (a pipe relay) and the peer (the AI SDK provider alone), each relay in a process of its own',
  );
  out(`    conversations stored ${benchChatStorage} (BENCH_CHAT_STORAGE)`);
  try {
    const f = await measureChatStreams(server, opts);
    // The same streams against WEB_CONCURRENCY workers (node:cluster), a platform and model server of their own.
    const workers = envInt('BENCH_CHAT_CLUSTER_WORKERS', 2);
    const cluster = await measureClusterChat(server, { ...opts, workers }).catch((e: unknown) => {
      out(`    ${workers} workers skipped: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    });
    out(
      `    time to first token: ${opts.sequentialStreams} streams one at a time each way, interleaved ` +
        `(the server answers at once); short streams: ${f.firstTokens.short}`,
    );
    out();
    out(firstTokenTable(f.firstTokens));
    for (const [t, c] of [
      [f.answers, cluster?.answers],
      [f.longAnswers, cluster?.longAnswers],
    ] as const) {
      out();
      out(
        `    tokens/s: ${f.concurrent} streams at once, ${t.tokens} tokens each, ${opts.tokenDelayMs} ms apart; ` +
          `the median of ${opts.rounds} rounds, each way in turn (BENCH_CHAT_ROUNDS)`,
      );
      out();
      out(throughputTable(t, f.concurrent, cluster && c ? { workers: cluster.workers, t: c } : undefined));
    }
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};

const firstTokenTable = (f: FirstTokens): string => {
  const direct = summary(f.direct);
  const row = (label: string, xs: number[]) => {
    const s = summary(xs);
    return [label, fixed(s.p50, 2), fixed(s.p99, 2), fixed(s.p50 - direct.p50, 2)];
  };
  return table(
    ['time to first token', 'p50 ms', 'p99 ms', 'p50 added'],
    [
      row('straight', f.direct),
      row('floor: pipe relay', f.floor),
      row('peer: AI SDK provider alone', f.peer),
      row(`ours: POST ${chatRoute}`, f.ours),
    ],
  );
};

const throughputTable = (
  t: Throughput,
  concurrent: number,
  cluster?: { workers: number; t: ClusterThroughput },
): string => {
  const row = (label: string, r: Rate, peer: Rate = t.peer) => [
    label,
    thousands(r.tokensPerSecond),
    `${fixed(r.tokensPerSecond / t.direct.tokensPerSecond, 3)} ×`,
    `${fixed(r.tokensPerSecond / peer.tokensPerSecond, 3)} ×`,
    String(r.short),
  ];
  return table(
    ['streams', 'tokens/s', '÷ straight', '÷ peer', 'short streams'],
    [
      row('straight', t.direct),
      row('floor: pipe relay', t.floor),
      row('peer: AI SDK provider alone', t.peer),
      row(`ours: ${concurrent} users`, t.oursUsers),
      row('ours: one user', t.oursOneUser),
      ...(cluster
        ? [
            // Divided by the peer measured in their own rounds (chat-cluster.ts), shown first.
            row(`peer, in the rounds of the WEB_CONCURRENCY=${cluster.workers} rows`, cluster.t.peer),
            row(
              `ours, WEB_CONCURRENCY=${cluster.workers}: ${concurrent} users`,
              cluster.t.oursUsers,
              cluster.t.peer,
            ),
            row(`ours, WEB_CONCURRENCY=${cluster.workers}: one user`, cluster.t.oursOneUser, cluster.t.peer),
          ]
        : []),
    ],
  );
};

export const webSection = (out: Out): Promise<void> => {
  printWebSize(out);
  return Promise.resolve();
};

const printWebSize = (out: Out): void => {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
  out(`(g) The web app's JavaScript, gzip -9 (web/dist, as npm start builds it)`);
  const size = measureWebSize(dist);
  if (!size) {
    out('    skipped: no web/dist (npm run build:web first)');
    out();
    return;
  }
  const kb = (bytes: number) => fixed(bytes / 1024, 1);
  out();
  out(
    table(
      ['script', 'KB gzip'],
      [
        ['initial: what index.html loads and preloads', kb(size.initialGzipBytes)],
        ...size.initial.map((s) => [`  ${s.file}`, kb(s.gzipBytes)]),
        ...size.lazy.slice(0, 8).map((s) => [`on demand: ${s.file}`, kb(s.gzipBytes)]),
      ],
    ),
  );
  out();
};

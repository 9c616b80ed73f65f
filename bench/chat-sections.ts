import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatRoute } from '@app/contracts';
import { measureChatStreams, type StreamFigures } from './chat-stream';
import { summary } from './live-latency';
import type { BenchServer } from './server';
import { fixed, thousands } from './stats';
import { table } from './table';
import { measureWebSize } from './web-size';

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

/** (f) chat through /api/chat beside the model server straight; (g) the web app's JavaScript. */
export const chatSection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const concurrent = envInt('BENCH_CHAT_STREAMS', 100);
  const tokens = envInt('BENCH_CHAT_TOKENS', 100);
  const tokenDelayMs = envInt('BENCH_CHAT_TOKEN_DELAY_MS', 10);
  const sequentialStreams = envInt('BENCH_CHAT_SEQUENTIAL', 100);
  out(`(f) Chat: POST ${chatRoute} beside the same local streaming model server called straight`);
  try {
    const f = await measureChatStreams(server, { sequentialStreams, concurrent, tokens, tokenDelayMs });
    out(
      `    time to first token: ${sequentialStreams} streams one at a time (the server answers at once); tokens/s: ` +
        `${concurrent} streams at once, ${tokens} tokens each, ${tokenDelayMs} ms apart`,
    );
    const ttftRow = (label: string, x: StreamFigures) => {
      const s = summary(x.ttft);
      return [label, fixed(s.p50, 2), fixed(s.p99, 2), '', String(x.short)];
    };
    const d = summary(f.direct1.ttft);
    const o = summary(f.ours1.ttft);
    out();
    out(
      table(
        ['', 'p50 ms', 'p99 ms', 'tokens/s', 'short streams'],
        [
          ttftRow('time to first token, straight', f.direct1),
          ttftRow('time to first token, through /api/chat', f.ours1),
          ['  added by /api/chat', fixed(o.p50 - d.p50, 2), fixed(o.p99 - d.p99, 2), '', ''],
          [
            `${concurrent} streams, straight`,
            '',
            '',
            thousands(f.directMany.tokensPerSecond),
            String(f.directMany.short),
          ],
          [
            `${concurrent} streams of ${concurrent} users, through /api/chat`,
            '',
            '',
            thousands(f.oursMany.tokensPerSecond),
            String(f.oursMany.short),
          ],
          [
            '  ours ÷ straight',
            '',
            '',
            `${fixed(f.oursMany.tokensPerSecond / f.directMany.tokensPerSecond, 3)} ×`,
            '',
          ],
          [
            `${concurrent} streams of one user, through /api/chat`,
            '',
            '',
            thousands(f.oursManyOneUser.tokensPerSecond),
            String(f.oursManyOneUser.short),
          ],
          [
            '  ours ÷ straight',
            '',
            '',
            `${fixed(f.oursManyOneUser.tokensPerSecond / f.directMany.tokensPerSecond, 3)} ×`,
            '',
          ],
        ],
      ),
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
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

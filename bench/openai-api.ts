import {
  apiKeyRoutes,
  openaiRoutes,
  type ApiKeyCreateInput,
  type ApiKeySecretResponse,
} from '@app/contracts';
import { startModelServer } from '@app/platform/testing';
import type { BenchServer } from './server';
import { login, summary } from './live-latency';
import { configureBenchModel } from './chat-setup';
import { startChildPlatform } from './child-platform';
import { startBenchChild, type BenchChild } from './child-process';
import {
  concurrently,
  openAiStream,
  peerStream,
  platformStream,
  sequential,
  type OneStream,
} from './chat-clients';
import type { Rate } from './chat-stream';
import { fixed, thousands } from './stats';
import { table } from './table';

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

interface Way {
  label: string;
  run: (i: number) => Promise<OneStream>;
  ttft: number[];
  rate?: Rate;
}

const tokenList = (n: number) => Array.from({ length: n }, (_, i) => ` t${i}`);

/** A key with the `chat` access type, no limit and no expiry, made by `cookie`'s user; its secret. */
const createChatKey = async (url: string, cookie: string, name: string): Promise<string> => {
  const body: ApiKeyCreateInput = {
    applicationName: name,
    applicationDescription: 'npm run bench',
    account: { id: 'general_account', name: 'No COA On File' },
    rateLimit: { period: 'Unlimited', rate: null },
    expirationDate: null,
    accessTypes: ['chat'],
  };
  const res = await fetch(`${url}${apiKeyRoutes.create}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`creating an API key answered ${res.status}: ${await res.text()}`);
  const secret = ((await res.json()) as ApiKeySecretResponse).data.secret;
  if (!secret) throw new Error('the created API key came without its secret');
  return secret;
};

/**
 * (o) The OpenAI-compatible `/v1/chat/completions` (an API key with the `chat` access type) beside
 * `/api/chat` and the peer (the AI SDK provider alone), against the same local model server, same run:
 * the platform as `npm start` runs it and the peer each in a process of its own (as in section chat).
 */
export const openAiApiSection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const rounds = envInt('BENCH_OPENAI_SEQUENTIAL', 50);
  const concurrent = envInt('BENCH_OPENAI_STREAMS', 50);
  const tokens = envInt('BENCH_OPENAI_TOKENS', 100);
  const tokenDelayMs = envInt('BENCH_CHAT_TOKEN_DELAY_MS', 10);
  out(`(o) OpenAI-compatible API: POST ${openaiRoutes.chatCompletions} (an API key, access type chat)`);
  out('    beside POST /api/chat and the peer (the AI SDK provider alone), the same local model server');
  const model = await startModelServer({ tokens: tokenList(tokens) });
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const admin = 'bench-openai@example.com';
  const children: BenchChild[] = [];
  try {
    const platform = await startChildPlatform(url, admin);
    children.push(platform);
    const peer = await startBenchChild('relay-peer-process.ts', ['ai-sdk', model.chatUrl], {});
    children.push(peer);
    const adminCookie = await login(platform.url, admin);
    await configureBenchModel(platform.url, adminCookie, model.chatUrl);
    // Each concurrent stream its own user (their spend ledgers apart) and its own key, as in section chat.
    const users: string[] = [];
    const keys: string[] = [];
    for (let i = 0; i < concurrent; i++) {
      const cookie = await login(platform.url, `bench-openai-${i}@example.com`);
      users.push(cookie);
      keys.push(await createChatKey(platform.url, cookie, `Bench ${i}`));
    }
    const run = `bench-openai-${process.pid}-${Date.now()}`;
    let requests = 0;
    const completions = `${platform.url}${openaiRoutes.chatCompletions}`;
    const ways: Way[] = [
      { label: 'peer: AI SDK provider alone', run: () => peerStream(peer.url), ttft: [] },
      {
        label: 'ours: POST /api/chat',
        run: (i) => platformStream(platform.url, users[i] ?? adminCookie, `${run}-${requests++}`),
        ttft: [],
      },
      {
        label: `ours: POST ${openaiRoutes.chatCompletions}`,
        run: (i) => openAiStream(completions, keys[i] ?? ''),
        ttft: [],
      },
    ];
    let short = 0;
    const round = async (record: boolean) => {
      for (const w of ways) {
        const s = await sequential(1, () => w.run(0), tokens);
        if (!record) continue;
        w.ttft.push(s.ttft[0] ?? Number.NaN);
        short += s.short;
      }
    };
    // Unmeasured: every path warmed (connections, JIT); then interleaved, one stream at a time.
    for (let i = 0; i < 10; i++) await round(false);
    await platform.idle();
    for (let i = 0; i < rounds; i++) await round(true);
    model.behave({ tokens: tokenList(tokens), tokenDelayMs });
    for (const w of ways) {
      await platform.idle();
      w.rate = await concurrently(concurrent, w.run, tokens);
    }
    out(
      `    time to first token: ${rounds} streams one at a time each way, interleaved (the server answers at once); ` +
        `tokens/s: ${concurrent} streams at once (each its own user and key), ${tokens} tokens ${tokenDelayMs} ms apart`,
    );
    out();
    const peerTtft = summary(ways[0]?.ttft ?? []);
    const peerRate = ways[0]?.rate?.tokensPerSecond ?? Number.NaN;
    out(
      table(
        ['way', 'TTFT p50 ms', 'p99 ms', 'p50 - peer', 'tokens/s', '÷ peer', 'short streams'],
        ways.map((w) => {
          const s = summary(w.ttft);
          const tps = w.rate?.tokensPerSecond ?? Number.NaN;
          return [
            w.label,
            fixed(s.p50, 2),
            fixed(s.p99, 2),
            fixed(s.p50 - peerTtft.p50, 2),
            thousands(tps),
            `${fixed(tps / peerRate, 3)} ×`,
            String(w.rate?.short ?? 0),
          ];
        }),
      ),
    );
    out(`    short streams one at a time: ${short}`);
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    for (const c of children) await c.close();
    await model.close();
    await database.drop();
  }
  out();
};

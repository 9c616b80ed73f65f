import { chatRoute, type ChatRequestInput } from '@app/contracts';
import { startModelServer, type ModelServer } from '@app/platform/testing';
import type { BenchServer } from './server';
import { login } from './live-latency';
import { configureBenchModel, benchModelId } from './chat-setup';
import { startChildPlatform } from './child-platform';

/** Time to first token and tokens per second, straight to the model server and through /api/chat. */
export interface StreamFigures {
  /** ms from sending to the first token, one stream at a time. */
  ttft: number[];
  /** Tokens per second over all streams, `concurrent` at once. */
  tokensPerSecond: number;
  /** Streams that did not deliver every token. */
  short: number;
}

export interface ChatBenchFigures {
  direct1: StreamFigures;
  ours1: StreamFigures;
  directMany: StreamFigures;
  /** `concurrent` streams of as many users. */
  oursMany: StreamFigures;
  /** `concurrent` streams of one user. */
  oursManyOneUser: StreamFigures;
  tokens: number;
  concurrent: number;
}

/** Reads an SSE body, calling `onData` with each `data:` payload. Answers when the body ends. */
const readSse = async (res: Response, onData: (data: string) => void): Promise<void> => {
  if (!res.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const part of res.body) {
    buffer += decoder.decode(part as Uint8Array, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const event = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      for (const line of event.split('\n')) if (line.startsWith('data: ')) onData(line.slice(6));
    }
  }
};

/** The model server's tokens: ' t0', ' t1'... */
const tokenPattern = / t\d+/g;

interface OneStream {
  ttft: number;
  tokens: number;
}

const direct = async (server: ModelServer): Promise<OneStream> => {
  const sent = performance.now();
  let first = Number.NaN;
  let tokens = 0;
  const res = await fetch(server.chatUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
    body: JSON.stringify({
      model: benchModelId,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'Count.' }],
    }),
  });
  await readSse(res, (data) => {
    if (data === '[DONE]') return;
    const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
    const content = chunk.choices?.[0]?.delta?.content;
    if (!content) return;
    if (tokens === 0) first = performance.now() - sent;
    tokens++;
  });
  return { ttft: first, tokens };
};

const throughPlatform = async (url: string, cookie: string, i: number): Promise<OneStream> => {
  const body: ChatRequestInput = {
    model: benchModelId,
    messages: [{ role: 'user', content: 'Count.' }],
    options: { requestId: `bench-${process.pid}-${Date.now()}-${i}` },
  };
  const sent = performance.now();
  let first = Number.NaN;
  let tokens = 0;
  const res = await fetch(`${url}${chatRoute}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`/api/chat answered ${res.status}: ${await res.text()}`);
  await readSse(res, (data) => {
    const chunk = JSON.parse(data) as { s?: string; d?: string };
    if (chunk.s !== 'answer' || !chunk.d) return;
    if (tokens === 0) first = performance.now() - sent;
    // The relay may send tokens that came together as one chunk: count the model server's tokens.
    tokens += chunk.d.match(tokenPattern)?.length ?? 0;
  });
  return { ttft: first, tokens };
};

const sequential = async (n: number, one: (i: number) => Promise<OneStream>, tokens: number) => {
  const ttft: number[] = [];
  let short = 0;
  for (let i = 0; i < n; i++) {
    const s = await one(i);
    ttft.push(s.ttft);
    if (s.tokens < tokens) short++;
  }
  return { ttft, short };
};

const concurrently = async (n: number, one: (i: number) => Promise<OneStream>, tokens: number) => {
  const started = performance.now();
  const all = await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
  const seconds = (performance.now() - started) / 1000;
  const received = all.reduce((sum, s) => sum + s.tokens, 0);
  return { tokensPerSecond: received / seconds, short: all.filter((s) => s.tokens < tokens).length };
};

/**
 * The platform as `npm start` runs it (in a child process), a model configured with the local streaming test server as its
 * endpoint; the same server called straight beside it. One stream at a time for the time to first
 * token, then `concurrent` streams at once for tokens per second (the server paces tokens as a
 * provider does, `tokenDelayMs` apart).
 */
export const measureChatStreams = async (
  server: BenchServer,
  opts: { sequentialStreams: number; concurrent: number; tokens: number; tokenDelayMs: number },
): Promise<ChatBenchFigures> => {
  const tokenList = Array.from({ length: opts.tokens }, (_, i) => ` t${i}`);
  const model = await startModelServer({ tokens: tokenList });
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const admin = 'bench-chat@example.com';
  // The platform in a process of its own, as it runs in production: the clients and the model server
  // share the bench's process on both sides of the comparison.
  const platform = await startChildPlatform(url, admin);
  try {
    const cookie = await login(platform.url, admin);
    await configureBenchModel(platform.url, cookie, model.chatUrl);
    const warm = () => throughPlatform(platform.url, cookie, -1).then(() => direct(model));
    for (let i = 0; i < 5; i++) await warm();
    // Time to first token: the server answers at once, so what is measured is the path.
    const d1 = await sequential(opts.sequentialStreams, () => direct(model), opts.tokens);
    const o1 = await sequential(
      opts.sequentialStreams,
      (i) => throughPlatform(platform.url, cookie, i),
      opts.tokens,
    );
    model.behave({ tokens: tokenList, tokenDelayMs: opts.tokenDelayMs });
    const dm = await concurrently(opts.concurrent, () => direct(model), opts.tokens);
    // An organisation's streams: each of its own user (the user's spend ledger is not shared).
    const users: string[] = [];
    for (let i = 0; i < opts.concurrent; i++)
      users.push(await login(platform.url, `bench-user-${i}@example.com`));
    const om = await concurrently(
      opts.concurrent,
      (i) => throughPlatform(platform.url, users[i] ?? cookie, 10_000 + i),
      opts.tokens,
    );
    // One user's streams all at once: every reservation and settle waits for that user's ledger.
    const om1 = await concurrently(
      opts.concurrent,
      (i) => throughPlatform(platform.url, cookie, 20_000 + i),
      opts.tokens,
    );
    return {
      direct1: { ttft: d1.ttft, tokensPerSecond: Number.NaN, short: d1.short },
      ours1: { ttft: o1.ttft, tokensPerSecond: Number.NaN, short: o1.short },
      directMany: { ttft: [], tokensPerSecond: dm.tokensPerSecond, short: dm.short },
      oursMany: { ttft: [], tokensPerSecond: om.tokensPerSecond, short: om.short },
      oursManyOneUser: { ttft: [], tokensPerSecond: om1.tokensPerSecond, short: om1.short },
      tokens: opts.tokens,
      concurrent: opts.concurrent,
    };
  } finally {
    await platform.close();
    await model.close();
    await database.drop();
  }
};

import { startModelServer } from '@app/platform/testing';
import type { BenchServer } from './server';
import { login } from './live-latency';
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

export interface Rate {
  tokensPerSecond: number;
  /** Streams that did not deliver every token. */
  short: number;
}

/** Tokens per second, `concurrent` streams at once, each way. */
export interface Throughput {
  tokens: number;
  direct: Rate;
  floor: Rate;
  peer: Rate;
  /** `concurrent` streams of as many users. */
  oursUsers: Rate;
  /** `concurrent` streams of one user. */
  oursOneUser: Rate;
}

/** ms to the first token, one stream at a time, each way (interleaved: the machine's noise falls on all alike). */
export interface FirstTokens {
  direct: number[];
  floor: number[];
  peer: number[];
  ours: number[];
  short: number;
}

export interface ChatBenchFigures {
  firstTokens: FirstTokens;
  answers: Throughput;
  longAnswers: Throughput;
  concurrent: number;
}

export interface ChatBenchOptions {
  sequentialStreams: number;
  concurrent: number;
  tokens: number;
  longTokens: number;
  tokenDelayMs: number;
  /** How many times the streams at once are measured, each way in turn: the median round is kept. */
  rounds: number;
}

const tokenList = (n: number) => Array.from({ length: n }, (_, i) => ` t${i}`);

interface Ways {
  direct: (i: number) => Promise<OneStream>;
  floor: (i: number) => Promise<OneStream>;
  peer: (i: number) => Promise<OneStream>;
  ours: (cookie: string) => Promise<OneStream>;
  platform: BenchChild;
  admin: string;
  users: string[];
}

const firstTokens = async (w: Ways, n: number, tokens: number): Promise<FirstTokens> => {
  const f: FirstTokens = { direct: [], floor: [], peer: [], ours: [], short: 0 };
  const one = async (into: number[], run: () => Promise<OneStream>) => {
    const s = await sequential(1, run, tokens);
    into.push(s.ttft[0] ?? Number.NaN);
    f.short += s.short;
  };
  await w.platform.idle();
  for (let i = 0; i < n; i++) {
    await one(f.direct, () => w.direct(i));
    await one(f.floor, () => w.floor(i));
    await one(f.peer, () => w.peer(i));
    await one(f.ours, () => w.ours(w.admin));
  }
  return f;
};

/** The median of each way's tokens per second over the rounds (the short streams of every round counted). */
export const medianRate = (rates: readonly Rate[]): Rate => {
  const sorted = rates.map((r) => r.tokensPerSecond).sort((a, b) => a - b);
  return {
    tokensPerSecond: sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN,
    short: rates.reduce((sum, r) => sum + r.short, 0),
  };
};

/** `rounds` rounds of every way in turn (the machine's noise falls on all alike), each way's median kept. */
const throughputRounds = async (w: Ways, concurrent: number, tokens: number, rounds: number) => {
  const all: Throughput[] = [];
  for (let i = 0; i < Math.max(1, rounds); i++) all.push(await throughput(w, concurrent, tokens));
  const of = (k: Exclude<keyof Throughput, 'tokens'>) => medianRate(all.map((t) => t[k]));
  return {
    tokens,
    direct: of('direct'),
    floor: of('floor'),
    peer: of('peer'),
    oursUsers: of('oursUsers'),
    oursOneUser: of('oursOneUser'),
  };
};

const throughput = async (w: Ways, concurrent: number, tokens: number): Promise<Throughput> => {
  const direct = await concurrently(concurrent, w.direct, tokens);
  const floor = await concurrently(concurrent, w.floor, tokens);
  const peer = await concurrently(concurrent, w.peer, tokens);
  // An organisation's streams: each of its own user (the user's spend ledger is not shared).
  await w.platform.idle();
  const oursUsers = await concurrently(concurrent, (i) => w.ours(w.users[i] ?? w.admin), tokens);
  // One user's streams all at once: every reservation and settle waits for that user's ledger.
  await w.platform.idle();
  const oursOneUser = await concurrently(concurrent, () => w.ours(w.admin), tokens);
  return { tokens, direct, floor, peer, oursUsers, oursOneUser };
};

/**
 * The platform as `npm start` runs it (a child process), a model configured with the local streaming
 * test server as its endpoint; beside it, against the same server, the server called straight, the
 * floor (a pipe relay) and the peer (the AI SDK's provider alone), each relay in a process of its own.
 * Time to first token one stream at a time (the server answers at once: what is measured is the
 * path), then `concurrent` streams at once for tokens per second, short answers then long ones (the
 * server paces tokens as a provider does, `tokenDelayMs` apart).
 */
export const measureChatStreams = async (
  server: BenchServer,
  opts: ChatBenchOptions,
): Promise<ChatBenchFigures> => {
  const model = await startModelServer({ tokens: tokenList(opts.tokens) });
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const admin = 'bench-chat@example.com';
  const children: BenchChild[] = [];
  try {
    const platform = await startChildPlatform(url, admin);
    children.push(platform);
    const floor = await startBenchChild('relay-peer-process.ts', ['pipe', model.chatUrl], {});
    children.push(floor);
    const peer = await startBenchChild('relay-peer-process.ts', ['ai-sdk', model.chatUrl], {});
    children.push(peer);
    const adminCookie = await login(platform.url, admin);
    await configureBenchModel(platform.url, adminCookie, model.chatUrl);
    const users: string[] = [];
    for (let i = 0; i < opts.concurrent; i++)
      users.push(await login(platform.url, `bench-user-${i}@example.com`));
    const run = `bench-${process.pid}-${Date.now()}`;
    let requests = 0;
    const w: Ways = {
      direct: () => openAiStream(model.chatUrl),
      floor: () => openAiStream(floor.url),
      peer: () => peerStream(peer.url),
      ours: (cookie) => platformStream(platform.url, cookie, `${run}-${requests++}`),
      platform,
      admin: adminCookie,
      users,
    };
    // Unmeasured: every path warmed (connections, JIT).
    for (let i = 0; i < 10; i++) await firstTokens(w, 1, opts.tokens).catch(() => undefined);
    const first = await firstTokens(w, opts.sequentialStreams, opts.tokens);
    model.behave({ tokens: tokenList(opts.tokens), tokenDelayMs: opts.tokenDelayMs });
    const answers = await throughputRounds(w, opts.concurrent, opts.tokens, opts.rounds);
    model.behave({ tokens: tokenList(opts.longTokens), tokenDelayMs: opts.tokenDelayMs });
    const longAnswers = await throughputRounds(w, opts.concurrent, opts.longTokens, opts.rounds);
    return { firstTokens: first, answers, longAnswers, concurrent: opts.concurrent };
  } finally {
    for (const c of children) await c.close();
    await model.close();
    await database.drop();
  }
};

import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@app/contracts';
import { freeLoopbackPort } from '@app/platform';
import { startModelServer } from '@app/platform/testing';
import { concurrently, peerStream, platformStream } from './chat-clients';
import { configureBenchModel } from './chat-setup';
import { medianRate, type Rate } from './chat-stream';
import { startBenchChild } from './child-process';
import { login } from './live-latency';
import type { BenchServer } from './server';

export interface ClusterThroughput {
  tokens: number;
  /** The peer, measured in the same rounds against the same model server: what these rows are divided by. */
  peer: Rate;
  oursUsers: Rate;
  oursOneUser: Rate;
}

export interface ClusterChatFigures {
  workers: number;
  answers: ClusterThroughput;
  longAnswers: ClusterThroughput;
}

export interface ClusterChatOptions {
  workers: number;
  concurrent: number;
  tokens: number;
  longTokens: number;
  tokenDelayMs: number;
  /** Rounds of the streams at once, the median kept (as the one-worker rows). */
  rounds: number;
}

const tokenList = (n: number) => Array.from({ length: n }, (_, i) => ` t${i}`);

/** GET /auth/me on a connection of its own: the cluster hands each new connection to the next worker. */
const meStatus = (url: string, cookie: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = http.request(`${url}${routes.me}`, { agent: false, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

/**
 * Resolves once `cookie`'s user is an admin (GET /auth/me): a worker that is not the projection
 * runner's leader listens before the leader has projected ADMIN_EMAILS. Gives up after 60 s.
 */
export const untilAdmin = async (url: string, cookie: string): Promise<void> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}${routes.me}`, { headers: { cookie } });
    const me = (await res.json()) as { isAdmin?: boolean };
    if (me.isAdmin === true) return;
    if (Date.now() > deadline) throw new Error('the admin named at start is still no admin after 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The session cookie holds on every worker (they share the session secret the primary prepared):
 * as many fresh connections as twice the workers, each must know the user.
 */
const cookieHoldsOnEveryWorker = async (url: string, cookie: string, workers: number) => {
  for (let i = 0; i < workers * 2; i++) {
    const status = await meStatus(url, cookie);
    if (status !== 200) throw new Error(`${routes.me} answered ${status} on connection ${i + 1}`);
  }
};

/**
 * POST /api/chat against the platform as `npm start` runs it with WEB_CONCURRENCY=`workers`
 * (bench/cluster-platform-process.ts: node:cluster, the workers on one port, sharing the session
 * secret and master key), on a fresh database and a local streaming model server of its own: the
 * same `concurrent` streams at once as the one-worker rows, of as many users, then of one user.
 */
export const measureClusterChat = async (
  server: BenchServer,
  opts: ClusterChatOptions,
): Promise<ClusterChatFigures> => {
  const model = await startModelServer({ tokens: tokenList(opts.tokens) });
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-cluster-'));
  const admin = 'bench-chat@example.com';
  let platform: Awaited<ReturnType<typeof startBenchChild>> | undefined;
  let peer: Awaited<ReturnType<typeof startBenchChild>> | undefined;
  try {
    // The peer beside these rows, in each of their rounds: the machine's noise falls on both alike.
    peer = await startBenchChild('relay-peer-process.ts', ['ai-sdk', model.chatUrl], {});
    const peerUrl = peer.url;
    platform = await startBenchChild('cluster-platform-process.ts', [], {
      WEB_CONCURRENCY: String(opts.workers),
      DATABASE_URL: url,
      AUTH_MODE: 'dev',
      ADMIN_EMAILS: admin,
      DATA_DIR: dataDir,
      PORT: String(await freeLoopbackPort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    });
    const adminCookie = await login(platform.url, admin);
    await cookieHoldsOnEveryWorker(platform.url, adminCookie, opts.workers);
    await platform.idle();
    await untilAdmin(platform.url, adminCookie);
    await configureBenchModel(platform.url, adminCookie, model.chatUrl);
    const users: string[] = [];
    for (let i = 0; i < opts.concurrent; i++)
      users.push(await login(platform.url, `bench-user-${i}@example.com`));
    const run = `bench-cluster-${process.pid}-${Date.now()}`;
    let requests = 0;
    const p = platform;
    const ours = (cookie: string) => platformStream(p.url, cookie, `${run}-${requests++}`);
    // Unmeasured: every worker warmed (connections, JIT), the model configuration read by each.
    await p.idle();
    await concurrently(opts.concurrent, (i) => ours(users[i] ?? adminCookie), opts.tokens);
    await concurrently(opts.concurrent, () => peerStream(peerUrl), opts.tokens);
    const throughput = async (tokens: number): Promise<ClusterThroughput> => {
      model.behave({ tokens: tokenList(tokens), tokenDelayMs: opts.tokenDelayMs });
      const peer$: Rate[] = [];
      const users$: Rate[] = [];
      const one$: Rate[] = [];
      for (let i = 0; i < Math.max(1, opts.rounds); i++) {
        peer$.push(await concurrently(opts.concurrent, () => peerStream(peerUrl), tokens));
        await p.idle();
        users$.push(await concurrently(opts.concurrent, (j) => ours(users[j] ?? adminCookie), tokens));
        await p.idle();
        one$.push(await concurrently(opts.concurrent, () => ours(adminCookie), tokens));
      }
      return {
        tokens,
        peer: medianRate(peer$),
        oursUsers: medianRate(users$),
        oursOneUser: medianRate(one$),
      };
    };
    const answers = await throughput(opts.tokens);
    const longAnswers = await throughput(opts.longTokens);
    return { workers: opts.workers, answers, longAnswers };
  } finally {
    await platform?.close();
    await peer?.close();
    await model.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

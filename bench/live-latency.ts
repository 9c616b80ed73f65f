import WebSocket from 'ws';
import {
  ConfigsUpdateResponse,
  LiveServerMessage,
  routes,
  sessionCookieName,
  type ConfigsUpdateRequest,
  type LiveClientMessage,
} from '@app/contracts';
import type { BenchServer } from './server';
import { percentile, mean } from './stats';

export interface LatencyFigures {
  saves: number;
  missed: number;
  /** ms from the HTTP answer of the save (client A) to the websocket push in client B. */
  answerToPush: number[];
  /** ms from sending the save to its HTTP answer. */
  requestToAnswer: number[];
  /** ms from sending the save to the push in client B. */
  requestToPush: number[];
}

export const summary = (xs: readonly number[]) => ({
  p50: percentile(xs, 50),
  p99: percentile(xs, 99),
  mean: mean(xs),
  max: xs.length === 0 ? Number.NaN : Math.max(...xs),
});

const adminA = 'bench-a@example.com';
const adminB = 'bench-b@example.com';
const flag = 'benchLatency';
const pushTimeoutMs = 5000;

export const login = async (url: string, email: string): Promise<string> => {
  const res = await fetch(`${url}${routes.devLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`dev-login of ${email} answered ${res.status}`);
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName}=`));
  if (!cookie) throw new Error('dev-login set no session cookie');
  return cookie.split(';')[0] ?? '';
};

const textOf = (raw: WebSocket.RawData): string =>
  Buffer.isBuffer(raw)
    ? raw.toString()
    : Array.isArray(raw)
      ? Buffer.concat(raw).toString()
      : Buffer.from(raw).toString();

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** Client B: a /live socket subscribed to featureFlags that notes when each position is pushed. */
const openWatcher = async (url: string, cookie: string) => {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${routes.live}`, {
    headers: { cookie },
    origin: url,
  });
  const arrived = new Map<string, number>();
  const waiters = new Map<string, (t: number) => void>();
  let subscribed: (() => void) | undefined;
  socket.on('message', (raw: WebSocket.RawData) => {
    const t = performance.now();
    const parsed = LiveServerMessage.safeParse(parseJson(textOf(raw)));
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === 'subscribed') subscribed?.();
    if (m.type !== 'changed' || m.readModel !== 'featureFlags') return;
    arrived.set(m.position, t);
    waiters.get(m.position)?.(t);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`/live answered ${res.statusCode}`)));
  });
  await new Promise<void>((resolve) => {
    subscribed = resolve;
    const hello: LiveClientMessage = { type: 'subscribe', readModels: ['featureFlags'] };
    socket.send(JSON.stringify(hello));
  });
  return {
    /** When `position` was pushed: at once if it came before the caller asked, else when it comes. */
    pushOf: (position: string): Promise<number | null> => {
      const seen = arrived.get(position);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(position);
          resolve(null);
        }, pushTimeoutMs);
        waiters.set(position, (t) => {
          clearTimeout(timer);
          waiters.delete(position);
          resolve(t);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
};

/** Client A: one whole-section save of the feature flags, the flag on or off. */
const save = async (url: string, cookie: string, enabled: boolean) => {
  const body: ConfigsUpdateRequest = {
    configurations: [
      { type: 'featureFlags', data: { [flag]: { enabled, userExceptions: [], amplifyGroupExceptions: [] } } },
    ],
  };
  const sent = performance.now();
  const res = await fetch(`${url}${routes.configsUpdate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify(body),
  });
  const answer = ConfigsUpdateResponse.parse(await res.json());
  const answered = performance.now();
  if (!answer.success) throw new Error(`save failed: ${JSON.stringify(answer)}`);
  return { sent, answered, position: answer.position };
};

/**
 * The platform as `npm start` runs it (startPlatform: command, query, projection runner, workers in
 * one process) on a fresh database; client A saves, client B (another admin) watches /live. Saves
 * are sequential: the next one starts once the previous push arrived (or timed out).
 */
export const measureLiveLatency = async (
  server: BenchServer,
  saves: number,
  warmUp: number,
  /** 0: the save answers once appended; else it answers once projected (the platform's default). */
  projectionWaitMs?: number,
): Promise<LatencyFigures> => {
  // Loaded here, so the append figures still print when the standalone (or a package it needs) is not runnable.
  const { startPlatform } = await import('@app/standalone');
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const platform = await startPlatform({
    databaseUrl: url,
    port: 0,
    host: '127.0.0.1',
    adminEmails: [adminA, adminB],
    logLevel: 'silent',
    // The bench saves far faster than a person: not what the per-user limit is for.
    rateLimits: { commandsPerMinute: 100_000 },
    ...(projectionWaitMs === undefined ? {} : { projectionWaitMs }),
  });
  let watcher: Awaited<ReturnType<typeof openWatcher>> | undefined;
  try {
    const [cookieA, cookieB] = [await login(platform.url, adminA), await login(platform.url, adminB)];
    watcher = await openWatcher(platform.url, cookieB);
    const figures: LatencyFigures = {
      saves: 0,
      missed: 0,
      answerToPush: [],
      requestToAnswer: [],
      requestToPush: [],
    };
    // The first save creates the flag (two events); the warm-up ones are not counted.
    for (let i = 0; i < warmUp + saves; i++) {
      const s = await save(platform.url, cookieA, i % 2 === 0);
      const pushed = await watcher.pushOf(s.position);
      if (i < warmUp) continue;
      figures.saves++;
      figures.requestToAnswer.push(s.answered - s.sent);
      if (pushed === null) {
        figures.missed++;
        continue;
      }
      figures.answerToPush.push(pushed - s.answered);
      figures.requestToPush.push(pushed - s.sent);
    }
    return figures;
  } finally {
    await watcher?.close();
    await platform.close();
    await database.drop();
  }
};

/**
 * The /live clients of bench/live-many.ts, in a process of their own: over IPC,
 * - `{type:"open", url, users, perUser}` signs each user in (the development sign-in) and opens
 *   `perUser` sockets with that user's cookie, each subscribed to featureFlags; answers `{type:"opened"}`;
 * - `{type:"expect", position, sentAt, answeredAt}` waits until every socket has had that change
 *   (or 30 s), notes each arrival from the save's request and from its answer; answers `{type:"arrived"}`;
 * - `{type:"report"}` answers every interval noted (ms), then forgets them;
 * - `{type:"close"}` closes every socket.
 * Times are this machine's clock (performance.timeOrigin + now), as in the bench's process.
 */
import WebSocket from 'ws';
import { routes, type LiveClientMessage } from '@app/contracts';
import { login } from './live-latency';

const now = () => performance.timeOrigin + performance.now();
const expectTimeoutMs = 30_000;
/** Upgrades in flight at once while opening. */
const openingAtOnce = 100;

/** Per position: when each socket had it. */
const arrivals = new Map<string, number[]>();
let sockets: WebSocket[] = [];
let waiting: { position: string; done: () => void } | undefined;
const fromAnswer: number[] = [];
const fromRequest: number[] = [];
/** Per save: ms from its answer until the last socket had it. */
const lastFromAnswer: number[] = [];
let missed = 0;

const textOf = (raw: WebSocket.RawData): string =>
  Buffer.isBuffer(raw)
    ? raw.toString()
    : Array.isArray(raw)
      ? Buffer.concat(raw).toString()
      : Buffer.from(raw).toString();

const onMessage = (raw: WebSocket.RawData) => {
  const t = now();
  const m = JSON.parse(textOf(raw)) as { type?: string; readModel?: string; position?: string };
  if (m.type !== 'changed' || m.readModel !== 'featureFlags' || !m.position) return;
  const at = arrivals.get(m.position) ?? [];
  at.push(t);
  arrivals.set(m.position, at);
  if (waiting?.position === m.position && at.length >= sockets.length) waiting.done();
};

const openOne = (url: string, cookie: string): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${routes.live}`, {
      headers: { cookie },
      origin: url,
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`/live answered ${res.statusCode}`)));
    socket.once('open', () => {
      socket.once('message', (raw: WebSocket.RawData) => {
        const first = textOf(raw);
        if ((JSON.parse(first) as { type?: string }).type !== 'subscribed')
          return reject(new Error(`subscribing answered ${first}`));
        socket.on('message', onMessage);
        resolve(socket);
      });
      const hello: LiveClientMessage = { type: 'subscribe', readModels: ['featureFlags'] };
      socket.send(JSON.stringify(hello));
    });
  });

const open = async (url: string, users: string[], perUser: number) => {
  const cookies: string[] = [];
  for (const u of users) cookies.push(await login(url, u));
  const wanted = cookies.flatMap((c) => Array.from({ length: perUser }, () => c));
  let next = 0;
  const opened: WebSocket[] = [];
  const lane = async () => {
    while (next < wanted.length) opened.push(await openOne(url, wanted[next++] ?? ''));
  };
  await Promise.all(Array.from({ length: Math.min(openingAtOnce, wanted.length) }, lane));
  sockets = opened;
};

const expect = async (position: string, sentAt: number, answeredAt: number) => {
  const had = arrivals.get(position) ?? [];
  if (had.length < sockets.length)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, expectTimeoutMs);
      waiting = {
        position,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  waiting = undefined;
  const at = arrivals.get(position) ?? [];
  // A push later than the wait is counted missed; what came of it is forgotten with the rest.
  arrivals.clear();
  missed += sockets.length - at.length;
  for (const t of at) {
    fromAnswer.push(t - answeredAt);
    fromRequest.push(t - sentAt);
  }
  if (at.length > 0) lastFromAnswer.push(Math.max(...at) - answeredAt);
};

const close = async () => {
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.readyState === WebSocket.CLOSED) return resolve();
          s.once('close', () => resolve());
          s.close();
        }),
    ),
  );
  sockets = [];
  arrivals.clear();
};

type Asked =
  | { type: 'open'; url: string; users: string[]; perUser: number }
  | { type: 'expect'; position: string; sentAt: number; answeredAt: number }
  | { type: 'report' }
  | { type: 'close' };

const handle = async (m: Asked): Promise<unknown> => {
  switch (m.type) {
    case 'open':
      await open(m.url, m.users, m.perUser);
      return { type: 'opened', sockets: sockets.length };
    case 'expect':
      await expect(m.position, m.sentAt, m.answeredAt);
      return { type: 'arrived' };
    case 'report': {
      const report = {
        type: 'report',
        fromAnswer: fromAnswer.splice(0),
        fromRequest: fromRequest.splice(0),
        lastFromAnswer: lastFromAnswer.splice(0),
        missed,
      };
      missed = 0;
      return report;
    }
    case 'close':
      await close();
      return { type: 'closed' };
  }
};

process.on('message', (m: Asked) => {
  handle(m).then(
    (answer) => process.send?.(answer),
    (e: unknown) => process.send?.({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
  );
});
process.once('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });

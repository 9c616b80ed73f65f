import WebSocket from 'ws';
import {
  LiveServerMessage,
  routes,
  sessionCookieName,
  type ChangedMessage,
  type LiveClientMessage,
  type ReadModelName,
} from '@app/contracts';

/** A /live client that keeps every message it receives and can wait for the next one matching. */
export interface LiveTestClient {
  socket: WebSocket;
  received: LiveServerMessage[];
  closed: Promise<number>;
  send(message: LiveClientMessage): void;
  next<T extends LiveServerMessage>(match: (m: LiveServerMessage) => m is T): Promise<T>;
  /** The changes received so far. */
  changes(): ChangedMessage[];
}

const textOf = (data: WebSocket.RawData): string =>
  Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.isBuffer(data)
      ? data.toString('utf8')
      : new TextDecoder().decode(data);

/** Opens /live on `url` (the platform's http url) with the session `session`. */
export const openLive = async (url: string, session: string): Promise<LiveTestClient> => {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${routes.live}`, {
    headers: { cookie: `${sessionCookieName}=${session}` },
    origin: url,
  });
  const received: LiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: WebSocket.RawData) => {
    received.push(LiveServerMessage.parse(JSON.parse(textOf(data))));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  let seen = 0;
  return {
    socket,
    received,
    closed,
    send: (m) => socket.send(JSON.stringify(m)),
    next: async <T extends LiveServerMessage>(match: (m: LiveServerMessage) => m is T): Promise<T> => {
      for (;;) {
        while (seen < received.length) {
          const m = received[seen++]!;
          if (match(m)) return m;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    changes: () => received.filter((m): m is ChangedMessage => m.type === 'changed'),
  };
};

export const isSubscribed = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: 'subscribed' }> =>
  m.type === 'subscribed';
export const isError = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: 'error' }> =>
  m.type === 'error';
export const changedIn =
  (readModel: ReadModelName, id?: string) =>
  (m: LiveServerMessage): m is ChangedMessage =>
    m.type === 'changed' && m.readModel === readModel && (id === undefined || m.ids.includes(id));

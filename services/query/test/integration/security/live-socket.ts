import WebSocket from 'ws';
import { routes, sessionCookieName } from '@app/contracts';

interface Listening {
  url: string;
}

const wsUrl = (p: Listening) => `${p.url.replace(/^http/, 'ws')}${routes.live}`;

/** The status a refused /live upgrade answers (0 when it was not refused). */
export const refusedUpgrade = (
  p: Listening,
  session: string | null,
  headers: { origin?: string | null; host?: string } = {},
): Promise<number> => {
  const origin = headers.origin === undefined ? p.url : headers.origin;
  const socket = new WebSocket(wsUrl(p), {
    headers: {
      ...(session ? { cookie: `${sessionCookieName}=${session}` } : {}),
      ...(headers.host ? { host: headers.host } : {}),
    },
    ...(origin === null ? {} : { origin }),
  });
  socket.on('error', () => undefined);
  return new Promise<number>((resolve) => {
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(0);
      socket.close();
    });
  });
};

/** An open /live socket and a promise of the close code the server ends it with. */
export const openLive = async (
  p: Listening,
  session: string,
): Promise<{ socket: WebSocket; closed: Promise<number> }> => {
  const socket = new WebSocket(wsUrl(p), {
    headers: { cookie: `${sessionCookieName}=${session}` },
    origin: p.url,
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
  });
  return { socket, closed };
};

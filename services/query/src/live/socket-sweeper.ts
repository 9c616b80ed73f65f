import type { Logger } from '@app/platform';
import type { LiveHub } from './hub';

/** Close codes a client can tell apart (4000–4999 are the application's). */
export const liveCloseCodes = { sessionEnded: 4401, notAdmin: 4403 } as const;

/**
 * Every few seconds, closes the sockets whose session has ended (signed out, revoked, expired) or
 * whose user is no longer an admin: two indexed reads per sweep for all sockets of the instance.
 */
export const startSocketSweeper = (opts: {
  hub: LiveHub;
  stillActive: (ids: readonly string[]) => Promise<Set<string>>;
  adminsAmong: (emails: readonly string[]) => Promise<Set<string>>;
  logger: Logger;
  everyMs?: number;
}): (() => void) => {
  let running = false;
  const sweep = async () => {
    const clients = opts.hub.clients();
    if (running || clients.length === 0) return;
    running = true;
    try {
      const active = await opts.stillActive([...new Set(clients.map((c) => c.sessionId))]);
      const admins = await opts.adminsAmong([...new Set(clients.map((c) => c.email))]);
      for (const c of clients) {
        if (!active.has(c.sessionId)) c.close(liveCloseCodes.sessionEnded, 'session ended');
        else if (!admins.has(c.email)) c.close(liveCloseCodes.notAdmin, 'no longer an admin');
      }
    } catch (e) {
      opts.logger.warn({ err: e }, 'live socket sweep failed; trying again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), opts.everyMs ?? 2000);
  timer.unref();
  return () => clearInterval(timer);
};

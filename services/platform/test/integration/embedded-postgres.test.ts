import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startEmbeddedPostgres } from '@app/platform';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const query = async (url: string, sql: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await c.end();
  }
};

describe('the embedded default database', () => {
  it('starts a real PostgreSQL whose data survives a restart, with its password file kept private', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'embedded-pg-'));
    dirs.push(dir);
    const first = await startEmbeddedPostgres(dir, { database: 'platform' });
    await query(first.url, 'create table kept (v text); insert into kept values ($$still here$$)');
    await first.stop();

    const second = await startEmbeddedPostgres(dir, { database: 'platform' });
    try {
      expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
      expect((await stat(path.join(dir, 'pg-password'))).mode & 0o777).toBe(0o600);
      expect(new URL(second.url).hostname).toBe('127.0.0.1');
    } finally {
      await second.stop();
    }
  });

  it('given a folder short enough for a socket, when the platform connects, then it goes through the Unix socket behind the password', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'embedded-pg-'));
    dirs.push(dir);
    const db = await startEmbeddedPostgres(dir, { database: 'platform' });
    try {
      // No server address: the connection is a Unix socket's.
      expect(await query(db.url, 'select inet_server_addr() as addr')).toEqual([{ addr: null }]);
      const host = new URL(db.url).searchParams.get('host') ?? '';
      expect((await stat(host)).mode & 0o777).toBe(0o700);
      const wrong = new URL(db.url);
      wrong.password = 'not-the-password';
      await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password/);
    } finally {
      await db.stop();
    }
  });

  it('given a folder too long for a socket path, when the platform connects, then it goes over loopback TCP', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), `embedded-pg-${'x'.repeat(90)}-`));
    dirs.push(dir);
    const db = await startEmbeddedPostgres(dir, { database: 'platform' });
    try {
      expect(new URL(db.url).searchParams.get('host')).toBeNull();
      expect(await query(db.url, 'select host(inet_server_addr()) as addr')).toEqual([{ addr: '127.0.0.1' }]);
    } finally {
      await db.stop();
    }
  });
});

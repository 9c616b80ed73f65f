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
});

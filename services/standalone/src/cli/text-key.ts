import { createSecretBox, type Settings } from '@app/platform';
import { CliError } from './connection';
import { note } from './output';
import { currentMasterKey } from './secrets-keys';

/**
 * Commands that fold the log (replay, retry) open cloud conversations' sealed text with the master
 * key the services run with (platform `secrets/conversation-keys.ts`): held here when given
 * (APP_MASTER_KEY(_FILE), or the embedded default's file). Without it the conversations projection
 * cannot fold a sealed text, and says so; a shredded one (its conversation deleted) is skipped either way.
 */
export const holdServicesMasterKey = (settings: Settings): void => {
  try {
    createSecretBox(currentMasterKey(settings).key);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    note('no master key (APP_MASTER_KEY or APP_MASTER_KEY_FILE): cloud conversations cannot be folded');
  }
};

import { accountsStreamId, normaliseEmail, type Account, type EventMetadata } from '@app/contracts';
import type { Db } from '@app/platform';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import { accountsDecider } from './accounts-decider';

/** The accounts of `email` as their stream folds them: the default account first, always there. */
export const loadAccounts = async (db: Db, email: string): Promise<Account[]> =>
  (await loadState(db, accountsDecider, accountsStreamId(email))).state;

/** Saves the whole list of `email`'s accounts, in the caller's transaction. */
export const saveAccounts = (
  trx: Db,
  email: string,
  accounts: readonly Account[],
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand(
    trx,
    accountsDecider,
    accountsStreamId(email),
    { type: 'SaveAccounts', data: { email: normaliseEmail(email), accounts } },
    { metadata },
  );

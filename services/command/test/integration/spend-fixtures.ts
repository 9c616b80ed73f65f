/** What the spend guard's integration tests share: the configuration they set and the requests they make. */
import { randomUUID } from 'node:crypto';
import {
  amplifyGroupsStreamId,
  nameMapFrom,
  rateLimitStreamId,
  type Account,
  type AmplifyGroup,
  type EventMetadata,
  type RateLimit,
} from '@app/contracts';
import { inTransaction, readStream, type Db } from '@app/platform';
import { saveAccounts } from '../../src/accounts/accounts-store';
import { amplifyGroupsDecider } from '../../src/configurations/amplify-groups';
import { chatRateLimitDecider } from '../../src/configurations/chat-rate-limit';
import { handleCommand } from '../../src/shared/handle-command';
import type { SpendRequest } from '../../src/spend/ports';

export const admin = 'admin@example.com';
export const unlimited: RateLimit = { period: 'Unlimited', rate: null };

export const metadata = (email = admin): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email, kind: email === admin ? 'admin' : 'user' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

export const group = (groupName: string, g: Partial<AmplifyGroup>): AmplifyGroup => ({
  groupName,
  members: [],
  createdBy: admin,
  includeFromOtherGroups: [],
  isBillingGroup: false,
  rateLimit: unlimited,
  ...g,
});

/** Sets the Chat Rate Limit card and the whole Amplify Groups section, as an admin's save would. */
export const configure = (db: Db, c: { userLimit: RateLimit; groups?: AmplifyGroup[] }) =>
  inTransaction(db, async (trx) => {
    await handleCommand(
      trx,
      chatRateLimitDecider,
      rateLimitStreamId,
      { type: 'UpdateChatRateLimit', data: c.userLimit },
      { metadata: metadata() },
    );
    const groups = nameMapFrom((c.groups ?? []).map((g) => [g.groupName, g] as const));
    await handleCommand(
      trx,
      amplifyGroupsDecider,
      amplifyGroupsStreamId,
      { type: 'UpdateAmplifyGroups', data: { groups, actor: admin } },
      { metadata: metadata() },
    );
  });

export const setAccounts = (db: Db, email: string, accounts: Account[]) =>
  inTransaction(db, (trx) => saveAccounts(trx, email, accounts, metadata(email)));

/** A request of `actor` (a fresh request id unless given) at a fixed time. */
export const request = (
  actor: string,
  amount: number,
  r: Partial<Omit<SpendRequest, 'actor' | 'amount'>> = {},
): SpendRequest => ({
  requestId: randomUUID(),
  accountId: 'general_account',
  at: new Date('2025-03-10T09:30:00Z'),
  metadata: metadata(actor),
  ...r,
  actor,
  amount,
});

/** The event types and amounts of one ledger, in order. */
export const ledger = async (db: Db, streamId: string) =>
  (await readStream(db, streamId)).map((e) => ({ type: e.type, data: e.data }));

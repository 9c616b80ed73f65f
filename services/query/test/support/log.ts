import { randomUUID } from 'node:crypto';
import { featureFlagsDecider, handleCommand, adminsDecider, type CommandOutcome } from '@app/command';
import {
  adminsStreamId,
  featureFlagsStreamId,
  type EventMetadata,
  type FeatureFlag,
  type FeatureFlagsSection,
} from '@app/contracts';
import { sql } from 'kysely';
import { isAtOrPast, type Db } from '@app/platform';
import { projectionCheckpoint, type Projection, type ProjectionRunner } from '../../src/index';

export const metadataOf = (email: string): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email, kind: 'admin' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

export const flag = (f: Partial<FeatureFlag> = {}): FeatureFlag => ({
  enabled: false,
  userExceptions: [],
  amplifyGroupExceptions: [],
  ...f,
});

/** Saves the whole featureFlags section as the command service does (decided, diffed, appended). */
export const saveFlags = (
  db: Db,
  flags: FeatureFlagsSection,
  email = 'ann@example.com',
): Promise<CommandOutcome> =>
  handleCommand(
    db,
    featureFlagsDecider,
    featureFlagsStreamId,
    { type: 'UpdateFeatureFlags', data: { flags } },
    {
      metadata: metadataOf(email),
    },
  );

/** Saves the whole admins section as the command service does. */
export const saveAdmins = (db: Db, admins: string[], email = 'ann@example.com'): Promise<CommandOutcome> =>
  handleCommand(
    db,
    adminsDecider,
    adminsStreamId,
    { type: 'UpdateAdmins', data: { admins } },
    {
      metadata: metadataOf(email),
    },
  );

/** Every row of the read models, comparable across a rebuild. */
export const readModelRows = async (db: Db) => ({
  admins: await db.selectFrom('rm_admins').selectAll().orderBy('email').execute(),
  featureFlags: await db.selectFrom('rm_feature_flags').selectAll().orderBy('name').execute(),
  sections: await db.selectFrom('rm_sections').selectAll().orderBy('section').execute(),
});

/** Polls `check` (each poll after `settle`, e.g. a runner's idle()) until it holds; the test timeout bounds it. */
export const eventually = async (
  check: () => boolean | Promise<boolean>,
  settle: () => Promise<void>,
): Promise<void> => {
  for (;;) {
    await settle();
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Waits until every projection has passed the last event of the log in commit order. A runner's
 * `idle()` alone is not enough: it means "caught up with what is readable now", and an open write
 * transaction anywhere on the server (another test file) keeps newer events unreadable for a while.
 */
export const waitForProjections = async (
  db: Db,
  runner: Pick<ProjectionRunner, 'idle'>,
  projections: readonly Projection[],
): Promise<void> => {
  const last = await db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('tx'), 'global_position'])
    .orderBy(sql`transaction_id`, 'desc')
    .orderBy('global_position', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return;
  const target = { transactionId: last.tx, globalPosition: last.global_position };
  await eventually(
    async () =>
      (await Promise.all(projections.map((p) => projectionCheckpoint(db, p)))).every((cp) =>
        isAtOrPast(cp, target),
      ),
    () => runner.idle(),
  );
};

import { adminsStreamId, systemActor } from '@app/contracts';
import { ConcurrencyError, runIdempotent, type Db } from '@app/platform';
import { adminsDecider } from './admins';
import { handleCommand } from '../shared/handle-command';

/** The first admins come from ADMIN_EMAILS, once: later starts leave the admins as the dialog set them. */
export const seedAdmins = async (db: Db, emails: readonly string[]): Promise<void> => {
  if (emails.length === 0) return;
  const commandId = `seed-admins:${[...emails].sort().join(',')}`;
  const seeding = runIdempotent(db, { actor: systemActor.email, commandId }, (trx) =>
    handleCommand(
      trx,
      adminsDecider,
      adminsStreamId,
      { type: 'SeedAdmins', data: { admins: [...emails] } },
      {
        metadata: {
          actor: systemActor,
          commandId,
          correlationId: commandId,
          causationId: commandId,
          requestId: 'startup',
          schemaVersion: 1,
        },
      },
    ),
  );
  // Another instance seeding at the same moment won the race: the admins are there either way.
  await seeding.catch((e: unknown) => {
    if (!(e instanceof ConcurrencyError)) throw e;
  });
};

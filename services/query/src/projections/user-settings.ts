import { assertNever, userSettingsStreamId, type UserSettingsEvent } from '@app/contracts';
import { sql } from 'kysely';
import { tableProjection } from './projection';

export const userSettingsEventTypes = [
  'UserSettingsChanged',
] as const satisfies readonly UserSettingsEvent['type'][];

/** The user a settings stream belongs to: `userSettingsStreamId(email)`, cut back to the email. */
const emailOf = (streamId: string, actor: string): string => {
  const prefix = userSettingsStreamId('');
  return streamId.startsWith(prefix) && streamId.length > prefix.length
    ? streamId.slice(prefix.length)
    : actor;
};

/**
 * Each user's stored settings (read model `userSettings`, a user read model: a change goes to its
 * user's sockets only): the fields each UserSettingsChanged names, laid over the ones before.
 */
export const userSettingsProjection = tableProjection<UserSettingsEvent>(
  'userSettings',
  ['rm_user_settings'],
  {
    eventTypes: userSettingsEventTypes,
    apply: async (event, recorded, trx) => {
      switch (event.type) {
        case 'UserSettingsChanged': {
          const email = emailOf(recorded.streamId, recorded.metadata.actor.email);
          const changed = JSON.stringify(event.data);
          const at = new Date(recorded.recordedAt);
          await trx
            .insertInto('rm_user_settings')
            .values({ email, settings: changed, changed_at: at })
            .onConflict((oc) =>
              oc.column('email').doUpdateSet({
                settings: sql<string>`rm_user_settings.settings || ${changed}::jsonb`,
                changed_at: at,
              }),
            )
            .execute();
          return [email];
        }
        default:
          return assertNever(event.type);
      }
    },
  },
);

import { adminsEventTypes, type AdminsEvent, type RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from './projection';

const asAdminsEvent = (e: RecordedEvent) => ({ type: e.type, data: e.data }) as AdminsEvent;

export const adminsProjection: Projection = {
  name: 'admins',
  readModel: 'admins',
  handles: adminsEventTypes,
  apply: async (recorded: RecordedEvent, trx: Db) => {
    const event = asAdminsEvent(recorded);
    switch (event.type) {
      case 'AdminAdded':
        await trx
          .insertInto('rm_admins')
          .values({
            email: event.data.email,
            added_by: recorded.metadata.actor.email,
            added_at: new Date(recorded.recordedAt),
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .execute();
        return [event.data.email];
      case 'AdminRemoved':
        await trx.deleteFrom('rm_admins').where('email', '=', event.data.email).execute();
        return [event.data.email];
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  reset: async (trx) => {
    await trx.deleteFrom('rm_admins').execute();
  },
};

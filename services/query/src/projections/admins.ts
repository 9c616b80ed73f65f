import { assertNever, adminsEventTypes, type AdminsEvent } from '@app/contracts';
import { tableProjection } from './projection';

export const adminsProjection = tableProjection<AdminsEvent>('admins', ['rm_admins'], {
  eventTypes: adminsEventTypes,
  apply: async (event, recorded, trx) => {
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
        return assertNever(event);
      }
    }
  },
});

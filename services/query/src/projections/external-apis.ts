import { assertNever, externalApiEventTypes, externalApiViewOf, type ExternalApiEvent } from '@app/contracts';
import { tableProjection } from './projection';

/**
 * The external API definitions (`rm_external_apis`): each as answered, credentials as masks only (the
 * sealed values stay in the log). Not pushed over /live: the editor reads the list after each change.
 */
export const externalApisProjection = tableProjection<ExternalApiEvent>(
  { name: 'externalApis', readModel: null },
  ['rm_external_apis'],
  {
    eventTypes: externalApiEventTypes,
    apply: async (event, recorded, trx) => {
      switch (event.type) {
        case 'ExternalApiSaved': {
          const at = new Date(recorded.recordedAt);
          const by = recorded.metadata.actor.email;
          const view = externalApiViewOf(event.data, by, at.toISOString());
          const row = { name: view.name, definition: JSON.stringify(view), updated_by: by, updated_at: at };
          await trx
            .insertInto('rm_external_apis')
            .values({ id: view.id, ...row })
            .onConflict((oc) => oc.column('id').doUpdateSet(row))
            .execute();
          return [view.id];
        }
        case 'ExternalApiDeleted':
          await trx.deleteFrom('rm_external_apis').where('id', '=', event.data.id).execute();
          return [event.data.id];
        default:
          return assertNever(event);
      }
    },
  },
);

import {
  assertNever,
  openaiEndpointsEventTypes,
  type OpenAiEndpointsEvent,
  type RecordedEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';
import { changeStamp } from './rows';

const touchModel = async (trx: Db, model: string, recorded: RecordedEvent) => {
  await trx.updateTable('rm_openai_models').set(changeStamp(recorded)).where('name', '=', model).execute();
};

/**
 * Models in the order they were added, each endpoint with its sealed key and last 4 characters, and
 * its url as the event has it (masked when it carried credentials, the whole url sealed beside it).
 */
export const openaiEndpointsProjection = tableProjection<OpenAiEndpointsEvent>(
  'openaiEndpoints',
  ['rm_openai_endpoints', 'rm_openai_models'],
  {
    eventTypes: openaiEndpointsEventTypes,
    apply: async (event, recorded, trx) => {
      const { model } = event.data;
      const stamp = changeStamp(recorded);
      switch (event.type) {
        case 'OpenAiModelAdded':
          await trx
            .insertInto('rm_openai_models')
            .values({ name: model, position: recorded.globalPosition, ...stamp })
            .onConflict((oc) =>
              oc.column('name').doUpdateSet({ position: recorded.globalPosition, ...stamp }),
            )
            .execute();
          return [model];
        case 'OpenAiModelRemoved':
          await trx.deleteFrom('rm_openai_models').where('name', '=', model).execute();
          return [model];
        case 'OpenAiEndpointAdded':
          await trx
            .insertInto('rm_openai_endpoints')
            .values({
              model,
              url: event.data.url,
              // A keyless endpoint: fingerprint and last4 '', key JSON null.
              key_fingerprint: event.data.key?.fingerprint ?? '',
              key: JSON.stringify(event.data.key ?? null),
              last4: event.data.key?.last4 ?? '',
              url_fingerprint: event.data.urlSecret?.fingerprint ?? '',
              url_secret: event.data.urlSecret ? JSON.stringify(event.data.urlSecret) : null,
              position: recorded.globalPosition,
              added_by: stamp.changed_by,
              added_at: stamp.changed_at,
            })
            .onConflict((oc) =>
              oc.columns(['model', 'url', 'key_fingerprint', 'url_fingerprint']).doNothing(),
            )
            .execute();
          await touchModel(trx, model, recorded);
          return [model];
        case 'OpenAiEndpointRemoved':
          await trx
            .deleteFrom('rm_openai_endpoints')
            .where('model', '=', model)
            .where('url', '=', event.data.url)
            .where('key_fingerprint', '=', event.data.keyFingerprint)
            .where('url_fingerprint', '=', event.data.urlFingerprint ?? '')
            .execute();
          await touchModel(trx, model, recorded);
          return [model];
        default: {
          return assertNever(event);
        }
      }
    },
  },
);

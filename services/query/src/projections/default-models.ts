import { defaultModelsEventTypes, type DefaultModelsEvent, type RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from './projection';

/** rm_default_models: a row per slot that is set; clearing a slot deletes its row. */
export const defaultModelsProjection: Projection = {
  name: 'defaultModels',
  readModel: 'defaultModels',
  handles: defaultModelsEventTypes,
  apply: async (recorded: RecordedEvent, trx: Db) => {
    const event = { type: recorded.type, data: recorded.data } as DefaultModelsEvent;
    const { key } = event.data;
    switch (event.type) {
      case 'DefaultModelSet': {
        const row = {
          model_id: event.data.modelId,
          changed_by: recorded.metadata.actor.email,
          changed_at: new Date(recorded.recordedAt),
        };
        await trx
          .insertInto('rm_default_models')
          .values({ key, ...row })
          .onConflict((oc) => oc.column('key').doUpdateSet(row))
          .execute();
        return [key];
      }
      case 'DefaultModelCleared':
        await trx.deleteFrom('rm_default_models').where('key', '=', key).execute();
        return [key];
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  reset: async (trx) => {
    await trx.deleteFrom('rm_default_models').execute();
  },
};

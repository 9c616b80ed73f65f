import { assertNever, defaultModelsEventTypes, type DefaultModelsEvent } from '@app/contracts';
import { tableProjection } from './projection';
import { changeStamp } from './rows';

/** rm_default_models: a row per slot that is set; clearing a slot deletes its row. */
export const defaultModelsProjection = tableProjection<DefaultModelsEvent>(
  'defaultModels',
  ['rm_default_models'],
  {
    eventTypes: defaultModelsEventTypes,
    apply: async (event, recorded, trx) => {
      const { key } = event.data;
      switch (event.type) {
        case 'DefaultModelSet': {
          const row = {
            model_id: event.data.modelId,
            ...changeStamp(recorded),
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
          return assertNever(event);
        }
      }
    },
  },
);

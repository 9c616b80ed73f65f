import { valueCardList, type AnyValueCard } from '@app/contracts';
import { defineProjection, type Projection } from './projection';
import { readConfigValue, type ConfigValueSection } from '../read/config-values';

/**
 * One projection per single-value card (contracts' `value-cards/`), each folding its own events
 * into its row of rm_config_values with the evolve the decider uses, and named like its section so
 * /live tells the dialog which card changed. An event that does not fit its card's contract is set
 * aside.
 */
const configValueProjection = (card: AnyValueCard & { key: ConfigValueSection }): Projection => {
  const section = card.key;
  return defineProjection({
    name: section,
    readModel: section,
    eventTypes: card.eventTypes,
    contract: card.eventContract,
    apply: async (event, recorded, trx) => {
      const next = card.evolve(await readConfigValue(trx, section), event);
      const row = {
        value: JSON.stringify(next),
        changed_by: recorded.metadata.actor.email,
        changed_at: new Date(recorded.recordedAt),
      };
      await trx
        .insertInto('rm_config_values')
        .values({ section, ...row })
        .onConflict((oc) => oc.column('section').doUpdateSet(row))
        .execute();
      return [section];
    },
    reset: async (trx) => {
      await trx.deleteFrom('rm_config_values').where('section', '=', section).execute();
    },
  });
};

export const configValueProjections: readonly Projection[] = valueCardList.map(configValueProjection);

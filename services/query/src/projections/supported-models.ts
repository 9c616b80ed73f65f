import { sql } from 'kysely';
import {
  assertNever,
  supportedModelsEventTypes,
  type Model,
  type ModelDetails,
  type SupportedModelsEvent,
} from '@app/contracts';
import { tableProjection } from './projection';
import { changeStamp } from './rows';

/** The rm_models column of each detail field a ModelUpdated event may carry. */
const detailColumns = {
  name: 'name',
  provider: 'provider',
  description: 'description',
  systemPrompt: 'system_prompt',
  inputContextWindow: 'input_context_window',
  outputTokenLimit: 'output_token_limit',
  inputTokenCost: 'input_token_cost',
  outputTokenCost: 'output_token_cost',
  cachedTokenCost: 'cached_token_cost',
  supportsImages: 'supports_images',
  supportsReasoning: 'supports_reasoning',
  supportsSystemPrompts: 'supports_system_prompts',
} as const satisfies Record<keyof ModelDetails, string>;

type DetailColumn = (typeof detailColumns)[keyof ModelDetails];

const detailValues = (
  changes: Partial<ModelDetails>,
): Partial<Record<DetailColumn, string | number | boolean>> =>
  Object.fromEntries(
    (Object.keys(changes) as (keyof ModelDetails)[])
      .filter((field) => Object.hasOwn(detailColumns, field) && changes[field] !== undefined)
      .map((field) => [detailColumns[field], changes[field]]),
  );

const modelRow = (m: Model) => ({
  id: m.id,
  name: m.name,
  provider: m.provider,
  description: m.description,
  system_prompt: m.systemPrompt,
  input_context_window: m.inputContextWindow,
  output_token_limit: m.outputTokenLimit,
  input_token_cost: m.inputTokenCost,
  output_token_cost: m.outputTokenCost,
  cached_token_cost: m.cachedTokenCost,
  supports_images: m.supportsImages,
  supports_reasoning: m.supportsReasoning,
  supports_system_prompts: m.supportsSystemPrompts,
  is_available: m.isAvailable,
  is_built_in: m.isBuiltIn,
  exclusive_group_availability: JSON.stringify(m.exclusiveGroupAvailability),
});

const groups = sql<string[]>`exclusive_group_availability`;

export const supportedModelsProjection = tableProjection<SupportedModelsEvent>(
  'supportedModels',
  ['rm_models'],
  {
    eventTypes: supportedModelsEventTypes,
    apply: async (event, recorded, trx) => {
      const stamp = changeStamp(recorded);
      const update = (id: string, set: object) =>
        trx
          .updateTable('rm_models')
          .set({ ...set, ...stamp })
          .where('id', '=', id)
          .execute();
      switch (event.type) {
        case 'ModelAdded': {
          const row = { ...modelRow(event.data.model), ...stamp };
          await trx
            .insertInto('rm_models')
            .values(row)
            .onConflict((oc) => oc.column('id').doUpdateSet(row))
            .execute();
          return [event.data.model.id];
        }
        case 'ModelUpdated':
          await update(event.data.id, detailValues(event.data.changes));
          return [event.data.id];
        case 'ModelRemoved':
          await trx.deleteFrom('rm_models').where('id', '=', event.data.id).execute();
          return [event.data.id];
        case 'ModelAvailabilityChanged':
          await update(event.data.id, { is_available: event.data.isAvailable });
          return [event.data.id];
        case 'ModelGroupAvailabilityAdded': {
          const group = event.data.group;
          await update(event.data.id, {
            exclusive_group_availability: sql`case when ${groups} ? ${group} then ${groups} else ${groups} || jsonb_build_array(${group}::text) end`,
          });
          return [event.data.id];
        }
        case 'ModelGroupAvailabilityRemoved':
          await update(event.data.id, {
            exclusive_group_availability: sql`${groups} - ${event.data.group}::text`,
          });
          return [event.data.id];
        default: {
          return assertNever(event);
        }
      }
    },
  },
);

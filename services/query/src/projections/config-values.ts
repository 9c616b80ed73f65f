import {
  AiEmailDomainEventContract,
  ChatRateLimitEventContract,
  ConversationStorageEventContract,
  PromptCostAlertEventContract,
  SupportEmailEventContract,
  aiEmailDomainEventTypes,
  chatRateLimitEventTypes,
  conversationStorageEventTypes,
  evolveAiEmailDomain,
  evolveChatRateLimit,
  evolveConversationStorage,
  evolvePromptCostAlert,
  evolveSupportEmail,
  promptCostAlertEventTypes,
  supportEmailEventTypes,
} from '@app/contracts';
import type { z } from 'zod';
import { defineProjection, type Projection } from './projection';
import { readConfigValue, type ConfigValueSection } from '../read/config-values';

/**
 * One projection per single-value card, each folding its own events into its row of
 * rm_config_values with the evolve the decider uses, and named like its section so /live tells
 * the dialog which card changed. An event that does not fit its card's contract is set aside.
 */
const configValueProjection = <V, E extends { type: string; data: unknown }>(
  section: ConfigValueSection,
  eventTypes: readonly E['type'][],
  contract: z.ZodType<E>,
  evolve: (state: V, event: E) => V,
): Projection =>
  defineProjection<E>({
    name: section,
    readModel: section,
    eventTypes,
    contract,
    apply: async (event, recorded, trx) => {
      const current = (await readConfigValue(trx, section)) as V;
      const next = evolve(current, event);
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

export const supportEmailProjection = configValueProjection(
  'emailSupport',
  supportEmailEventTypes,
  SupportEmailEventContract,
  evolveSupportEmail,
);
export const aiEmailDomainProjection = configValueProjection(
  'aiEmailDomain',
  aiEmailDomainEventTypes,
  AiEmailDomainEventContract,
  evolveAiEmailDomain,
);
export const chatRateLimitProjection = configValueProjection(
  'rateLimit',
  chatRateLimitEventTypes,
  ChatRateLimitEventContract,
  evolveChatRateLimit,
);
export const conversationStorageProjection = configValueProjection(
  'defaultConversationStorage',
  conversationStorageEventTypes,
  ConversationStorageEventContract,
  evolveConversationStorage,
);
export const promptCostAlertProjection = configValueProjection(
  'promtCostAlert',
  promptCostAlertEventTypes,
  PromptCostAlertEventContract,
  evolvePromptCostAlert,
);

export const configValueProjections: readonly Projection[] = [
  supportEmailProjection,
  aiEmailDomainProjection,
  chatRateLimitProjection,
  conversationStorageProjection,
  promptCostAlertProjection,
];

import { z } from 'zod';
import { boundedString } from '../../bounded';
import { limits } from '../../limits';
import { isWholeCents } from '../rate-limit';
import { defineValueCard, noData, unexpectedEvent, type EventOf } from './value-card';

/** The placeholders the alert message supports, written `<totalCost>` and `<prompts>` in it. */
export const promptCostAlertPlaceholders = ['totalCost', 'prompts'] as const;

/** Prompt Cost Alert: `cost` in dollars, minimum 0, step 0.01. */
export const PromptCostAlertSection = z.object({
  isActive: z.boolean(),
  alertMessage: boundedString('The prompt cost alert message', limits.alertMessageLength),
  cost: z.number().nonnegative('must not be negative').refine(isWholeCents, 'must use steps of 0.01'),
});
export type PromptCostAlertSection = z.infer<typeof PromptCostAlertSection>;

/** The alert as a user sees it: each placeholder replaced by its value. */
export const fillPromptCostAlert = (
  message: string,
  values: { totalCost: string | number; prompts: string | number },
): string =>
  message.replaceAll('<totalCost>', String(values.totalCost)).replaceAll('<prompts>', String(values.prompts));

/** The key keeps the configuration's spelling, `promtCostAlert`: stored logs and clients use it. */
export const promptCostAlertCard = defineValueCard({
  key: 'promtCostAlert',
  label: 'Prompt Cost Alert',
  schema: PromptCostAlertSection,
  initial: () => ({ isActive: false, alertMessage: '', cost: 0 }),
  events: [
    z.object({ type: z.literal('PromptCostAlertActivated'), data: noData }),
    z.object({ type: z.literal('PromptCostAlertDeactivated'), data: noData }),
    z.object({
      type: z.literal('PromptCostAlertMessageChanged'),
      data: z.object({ alertMessage: z.string() }),
    }),
    z.object({
      type: z.literal('PromptCostAlertCostChanged'),
      data: z.object({ cost: z.number().nonnegative() }),
    }),
  ],
  evolve: (state, event) => {
    switch (event.type) {
      case 'PromptCostAlertActivated':
        return { ...state, isActive: true };
      case 'PromptCostAlertDeactivated':
        return { ...state, isActive: false };
      case 'PromptCostAlertMessageChanged':
        return { ...state, alertMessage: event.data.alertMessage };
      case 'PromptCostAlertCostChanged':
        return { ...state, cost: event.data.cost };
      default:
        return unexpectedEvent(event);
    }
  },
});
export type PromptCostAlertEvent = EventOf<typeof promptCostAlertCard>;
/** Read by other features too (the chat's limits and storage). */
export const promtCostAlertStreamId = promptCostAlertCard.streamId;

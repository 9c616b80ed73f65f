import { fillPromptCostAlert, type PromptCostAlertSection } from '@app/contracts';

/** What the alert needs of a conversation: its cost in dollars and its number of requests. */
export interface ConversationUsage {
  cost: number;
  requests: number;
}

/** Dollars as the alert's `<totalCost>` shows them: a dollar sign and 2 decimals. */
export const alertCost = (dollars: number): string => `$${dollars.toFixed(2)}`;

/**
 * The Prompt Cost Alert's text for a conversation, its placeholders filled in; null when there is
 * nothing to show: no alert known, the alert inactive or without a message, no conversation, or
 * its cost not past the threshold yet.
 */
export function promptCostAlertText(
  alert: PromptCostAlertSection | null,
  conversation: ConversationUsage | null,
): string | null {
  if (alert === null || conversation === null) return null;
  if (!alert.isActive || alert.alertMessage.trim() === '') return null;
  if (!(conversation.cost > alert.cost)) return null;
  return fillPromptCostAlert(alert.alertMessage, {
    totalCost: alertCost(conversation.cost),
    prompts: conversation.requests,
  });
}

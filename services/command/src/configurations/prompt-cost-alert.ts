import {
  promptCostAlertCard,
  toCents,
  type PromptCostAlertEvent,
  type PromptCostAlertSection,
} from '@app/contracts';
import { valueCardDecider } from './value-card-decider';

export type PromptCostAlertCommand = { type: 'UpdatePromptCostAlert'; data: PromptCostAlertSection };

type E = PromptCostAlertEvent;

/**
 * Prompt Cost Alert: the schema already refused a negative or non-numeric cost and one finer than
 * 0.01. The cost is kept rounded to the cent (0.1 + 0.2 is saved as 0.3). Deactivation first,
 * activation last, so the log never shows an active alert with the previous message or cost.
 */
export const promptCostAlertDecider = valueCardDecider(promptCostAlertCard, {
  snapshot: 'promtCostAlert/2',
  command: (data): PromptCostAlertCommand => ({ type: 'UpdatePromptCostAlert', data }),
  decide: (command, state) => {
    const { isActive, alertMessage } = command.data;
    const cost = toCents(command.data.cost) / 100;
    const events: E[] = [];
    if (state.isActive && !isActive) events.push({ type: 'PromptCostAlertDeactivated', data: {} });
    if (alertMessage !== state.alertMessage)
      events.push({ type: 'PromptCostAlertMessageChanged', data: { alertMessage } });
    if (cost !== state.cost) events.push({ type: 'PromptCostAlertCostChanged', data: { cost } });
    if (!state.isActive && isActive) events.push({ type: 'PromptCostAlertActivated', data: {} });
    return events;
  },
});

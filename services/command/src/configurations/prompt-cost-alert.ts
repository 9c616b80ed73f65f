import {
  PromptCostAlertEventContract,
  configValueDefaults,
  evolvePromptCostAlert,
  toCents,
  type PromptCostAlertEvent,
  type PromptCostAlertSection,
} from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

export type PromptCostAlertCommand = { type: 'UpdatePromptCostAlert'; data: PromptCostAlertSection };

type E = PromptCostAlertEvent;

/**
 * Prompt Cost Alert: the schema already refused a negative or non-numeric cost and one finer than
 * 0.01. The cost is kept rounded to the cent (0.1 + 0.2 is saved as 0.3). Deactivation first,
 * activation last, so the log never shows an active alert with the previous message or cost.
 */
export const promptCostAlertDecider: Decider<PromptCostAlertSection, PromptCostAlertCommand, E> = {
  initialState: configValueDefaults.promtCostAlert,

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdatePromptCostAlert': {
        const { isActive, alertMessage } = command.data;
        const cost = toCents(command.data.cost) / 100;
        const events: E[] = [];
        if (state.isActive && !isActive) events.push({ type: 'PromptCostAlertDeactivated', data: {} });
        if (alertMessage !== state.alertMessage)
          events.push({ type: 'PromptCostAlertMessageChanged', data: { alertMessage } });
        if (cost !== state.cost) events.push({ type: 'PromptCostAlertCostChanged', data: { cost } });
        if (!state.isActive && isActive) events.push({ type: 'PromptCostAlertActivated', data: {} });
        return events;
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: evolvePromptCostAlert,
  // The projection's contract: a stored event that does not fit is left out of the fold.
  contract: PromptCostAlertEventContract,
  snapshot: plainSnapshot(
    'promtCostAlert/2',
    (j) =>
      isPlainObject(j) &&
      typeof j['isActive'] === 'boolean' &&
      typeof j['alertMessage'] === 'string' &&
      typeof j['cost'] === 'number',
  ),
};

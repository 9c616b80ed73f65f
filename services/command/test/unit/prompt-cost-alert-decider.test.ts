import { describe, it } from 'vitest';
import type { PromptCostAlertEvent, PromptCostAlertSection } from '@app/contracts';
import { promptCostAlertDecider } from '../../src/configurations/prompt-cost-alert';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(promptCostAlertDecider);
type E = PromptCostAlertEvent;
const activated: E = { type: 'PromptCostAlertActivated', data: {} };
const deactivated: E = { type: 'PromptCostAlertDeactivated', data: {} };
const message = (alertMessage: string): E => ({
  type: 'PromptCostAlertMessageChanged',
  data: { alertMessage },
});
const cost = (c: number): E => ({ type: 'PromptCostAlertCostChanged', data: { cost: c } });
const save = (data: PromptCostAlertSection) => ({ type: 'UpdatePromptCostAlert' as const, data });

const text = 'This conversation has cost $<totalCost> over <prompts> prompts.';

describe('prompt cost alert decider', () => {
  it('the defaults (inactive, empty message, cost 0) saved again append nothing', () => {
    given([])
      .when(save({ isActive: false, alertMessage: '', cost: 0 }))
      .then([]);
  });

  it('activating with a message and a cost: message and cost first, activation last', () => {
    given([])
      .when(save({ isActive: true, alertMessage: text, cost: 2.5 }))
      .then([message(text), cost(2.5), activated]);
  });

  it('deactivating comes first', () => {
    given([message(text), cost(2.5), activated])
      .when(save({ isActive: false, alertMessage: '', cost: 0 }))
      .then([deactivated, message(''), cost(0)]);
  });

  it('only what changed', () => {
    given([message(text), cost(2.5), activated])
      .when(save({ isActive: true, alertMessage: text, cost: 3 }))
      .then([cost(3)]);
  });

  it('the cost is kept to the cent', () => {
    given([])
      .when(save({ isActive: false, alertMessage: '', cost: 0.1 + 0.2 }))
      .then([cost(0.3)]);
  });
});

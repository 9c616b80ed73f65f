import { describe, expect, it } from 'vitest';
import type { PromptCostAlertSection } from '@app/contracts';
import { alertCost, promptCostAlertText } from './prompt-cost-alert';

const alert = (a: Partial<PromptCostAlertSection> = {}): PromptCostAlertSection => ({
  isActive: true,
  alertMessage: 'This conversation cost <totalCost> over <prompts> prompts.',
  cost: 1,
  ...a,
});

describe('promptCostAlertText: the alert once a conversation costs more than the threshold', () => {
  it('fills <totalCost> (dollars, 2 decimals) and <prompts> once the cost passes the threshold', () => {
    expect(promptCostAlertText(alert(), { cost: 1.234, requests: 7 })).toBe(
      'This conversation cost $1.23 over 7 prompts.',
    );
  });

  it('stays silent at or under the threshold', () => {
    expect(promptCostAlertText(alert(), { cost: 1, requests: 3 })).toBeNull();
    expect(promptCostAlertText(alert(), { cost: 0.5, requests: 3 })).toBeNull();
  });

  it('a threshold of 0 alerts from the first cent spent, not before', () => {
    expect(promptCostAlertText(alert({ cost: 0 }), { cost: 0, requests: 0 })).toBeNull();
    expect(promptCostAlertText(alert({ cost: 0 }), { cost: 0.0004, requests: 1 })).toBe(
      'This conversation cost $0.00 over 1 prompts.',
    );
  });

  it('stays silent while the alert is inactive, has no message, or nothing is known', () => {
    expect(promptCostAlertText(alert({ isActive: false }), { cost: 5, requests: 1 })).toBeNull();
    expect(promptCostAlertText(alert({ alertMessage: '  ' }), { cost: 5, requests: 1 })).toBeNull();
    expect(promptCostAlertText(null, { cost: 5, requests: 1 })).toBeNull();
    expect(promptCostAlertText(alert(), null)).toBeNull();
  });

  it('replaces every occurrence of each placeholder and leaves other text alone', () => {
    const message = '<totalCost>/<prompts> then <totalCost> again, <other> kept';
    expect(promptCostAlertText(alert({ alertMessage: message }), { cost: 12, requests: 2 })).toBe(
      '$12.00/2 then $12.00 again, <other> kept',
    );
  });

  it('alertCost rounds to cents', () => {
    expect(alertCost(3)).toBe('$3.00');
    expect(alertCost(2.499)).toBe('$2.50');
  });
});

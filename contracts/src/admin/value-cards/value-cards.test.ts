import { describe, expect, it } from 'vitest';
import { sectionLabels, sectionTypes } from '../sections';
import { readModelNames } from '../../live';
import { valueCardList, valueCards, type AnyValueCard, type CardField } from './index';

describe('value cards: what the log and the clients already know stays as it is', () => {
  it('keys, stream ids and labels, in the tab order', () => {
    expect(valueCardList.map((c) => [c.key, c.streamId, c.label])).toEqual([
      ['emailSupport', 'config-emailSupport', 'Support Email'],
      ['aiEmailDomain', 'config-aiEmailDomain', 'AI Email Domain'],
      ['rateLimit', 'config-rateLimit', 'Chat Rate Limit'],
      [
        'defaultConversationStorage',
        'config-defaultConversationStorage',
        'Default User Conversation Storage',
      ],
      ['promtCostAlert', 'config-promtCostAlert', 'Prompt Cost Alert'],
      ['retention', 'config-retention', 'Retention'],
    ]);
  });

  it('event types', () => {
    expect(Object.fromEntries(valueCardList.map((c) => [c.key, c.eventTypes]))).toEqual({
      emailSupport: ['SupportEmailActivated', 'SupportEmailDeactivated', 'SupportEmailAddressChanged'],
      aiEmailDomain: ['AiEmailDomainChanged'],
      rateLimit: ['ChatRateLimitChanged'],
      defaultConversationStorage: ['ConversationStorageDefaultChanged'],
      promtCostAlert: [
        'PromptCostAlertActivated',
        'PromptCostAlertDeactivated',
        'PromptCostAlertMessageChanged',
        'PromptCostAlertCostChanged',
      ],
      retention: [
        'ConversationRetentionChanged',
        'StreamReplayRetentionChanged',
        'LegalHoldUserAdded',
        'LegalHoldUserRemoved',
        'LegalHoldGroupAdded',
        'LegalHoldGroupRemoved',
      ],
    });
  });

  it('sections and live read models list the cards where they were', () => {
    expect(sectionTypes.slice(4, 4 + valueCardList.length)).toEqual(valueCardList.map((c) => c.key));
    expect(readModelNames.slice(4, 4 + valueCardList.length)).toEqual(valueCardList.map((c) => c.key));
    for (const card of valueCardList) expect(sectionLabels[card.key]).toBe(card.label);
  });

  it('each initial value fits its schema', () => {
    for (const card of valueCardList) expect(card.schema.safeParse(card.initial()).success).toBe(true);
  });

  it('a plain choice field offers only values its schema takes', () => {
    const card: AnyValueCard = valueCards.defaultConversationStorage;
    const field: CardField | undefined = card.form?.field;
    const values = field?.kind === 'choice' ? field.options.map((o) => o.value) : [];
    expect(values).toEqual(['future-local', 'future-cloud']);
    for (const value of values) expect(card.schema.safeParse(value).success).toBe(true);
  });

  it('the event contract refuses an event of the wrong shape', () => {
    expect(
      valueCards.promtCostAlert.eventContract.safeParse({
        type: 'PromptCostAlertCostChanged',
        data: { cost: 'x' },
      }).success,
    ).toBe(false);
    expect(
      valueCards.aiEmailDomain.eventContract.safeParse({
        type: 'AiEmailDomainChanged',
        data: { domain: 'a.b' },
      }).success,
    ).toBe(true);
  });
});

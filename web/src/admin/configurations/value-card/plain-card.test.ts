import { describe, expect, it } from 'vitest';
import {
  aiEmailDomainCard,
  conversationStorageCard,
  defaultFeatureFlag,
  valueCardList,
} from '@app/contracts';
import { plainCardShown } from './plain-card';

describe('plain value cards', () => {
  it('AI Email Domain shows only while the assistantEmailEvents flag is on', () => {
    const shows = (flags: Parameters<typeof plainCardShown>[1]) =>
      plainCardShown(aiEmailDomainCard.form!, flags);
    expect(shows({})).toBe(false);
    expect(shows({ assistantEmailEvents: defaultFeatureFlag() })).toBe(false);
    expect(shows({ assistantEmailEvents: { ...defaultFeatureFlag(), enabled: true } })).toBe(true);
    expect(shows({ otherFlag: { ...defaultFeatureFlag(), enabled: true } })).toBe(false);
  });

  it('a card that waits for no flag always shows', () => {
    expect(plainCardShown(conversationStorageCard.form!, {})).toBe(true);
  });

  it('a card with a plain form has a text or a choice for its value', () => {
    const plain = valueCardList.filter((card) => card.form !== undefined);
    expect(plain.map((card) => card.key)).toEqual(['aiEmailDomain', 'defaultConversationStorage']);
    for (const card of plain) expect(typeof card.initial()).toBe('string');
  });
});

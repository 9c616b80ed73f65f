import { describe, expect, it } from 'vitest';
import { defaultFeatureFlag } from '@app/contracts';
import { showsAiEmailDomain } from './ai-email-domain';

describe('AI Email Domain card', () => {
  it('shows only while the assistantEmailEvents flag is on', () => {
    expect(showsAiEmailDomain({})).toBe(false);
    expect(showsAiEmailDomain({ assistantEmailEvents: defaultFeatureFlag() })).toBe(false);
    expect(showsAiEmailDomain({ assistantEmailEvents: { ...defaultFeatureFlag(), enabled: true } })).toBe(
      true,
    );
    expect(showsAiEmailDomain({ otherFlag: { ...defaultFeatureFlag(), enabled: true } })).toBe(false);
  });
});

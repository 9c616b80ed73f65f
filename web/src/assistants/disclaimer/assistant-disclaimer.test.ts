import { describe, expect, it } from 'vitest';
import { shownDisclaimer } from './assistant-disclaimer';

describe('shownDisclaimer', () => {
  it('shows nothing for the Standard Conversation', () => {
    expect(shownDisclaimer(null)).toBeNull();
  });
  it('shows nothing for an assistant without a disclaimer (or only spaces)', () => {
    expect(shownDisclaimer({ disclaimer: '' })).toBeNull();
    expect(shownDisclaimer({ disclaimer: ' \n ' })).toBeNull();
  });
  it("shows the assistant's disclaimer, trimmed", () => {
    expect(shownDisclaimer({ disclaimer: '  Not legal advice.\n' })).toBe('Not legal advice.');
  });
});

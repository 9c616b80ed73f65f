import { describe, expect, it } from 'vitest';
import { publishingOn } from './publishing-flag';

describe('the publishing flag', () => {
  it('is on only when the flag says so for the user', () => {
    expect(publishingOn({ assistantPathPublishing: true })).toBe(true);
    expect(publishingOn({ assistantPathPublishing: false })).toBe(false);
    expect(publishingOn({ somethingElse: true })).toBe(false);
    expect(publishingOn(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { apiKeyMessages } from '@app/contracts';
import { parseDelegateEntry } from './delegate-entry';

describe('the delegate entry', () => {
  it('takes one email, lower-cased', () => {
    expect(parseDelegateEntry(' Friend@X.org ', 'me@x.org')).toEqual({
      accepted: ['friend@x.org'],
      rejected: [],
      error: null,
    });
  });

  it('refuses the user themself, saying why', () => {
    expect(parseDelegateEntry('ME@x.org', 'me@x.org')).toEqual({
      accepted: [],
      rejected: ['me@x.org'],
      error: apiKeyMessages.delegateIsOwner,
    });
  });

  it('keeps the first of several and leaves the rest and the invalid ones refused', () => {
    expect(parseDelegateEntry('a@x.org, nope; b@x.org', 'me@x.org')).toEqual({
      accepted: ['a@x.org'],
      rejected: ['nope', 'b@x.org'],
      error: null,
    });
  });
});

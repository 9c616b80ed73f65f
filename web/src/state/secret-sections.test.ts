import { describe, expect, it } from 'vitest';
import { sameOpenAiEndpoints, withoutNewFlags } from './secret-sections';

describe('the isNew flag is the dialog own', () => {
  const flagged = { models: [{ m: { endpoints: [{ url: 'http://x', key: 'k', isNew: true }] } }] };
  const plain = { models: [{ m: { endpoints: [{ url: 'http://x', key: 'k' }] } }] };

  it('is not saved', () => {
    expect(withoutNewFlags(flagged)).toEqual(plain);
  });

  it('does not make a difference', () => {
    expect(sameOpenAiEndpoints(flagged, plain)).toBe(true);
    expect(sameOpenAiEndpoints(flagged, { models: [] })).toBe(false);
  });
});

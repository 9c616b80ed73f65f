import { describe, expect, it } from 'vitest';
import { opsMessages, type Op } from '@app/contracts';
import { draftsProblem, emptyDraft, filteredOps, opInputOf, parametersText, type OpDraft } from './op-drafts';

const draft = (more: Partial<OpDraft> = {}): OpDraft => ({
  ...emptyDraft(1),
  name: 'get_weather',
  url: 'https://api.example.com/weather',
  tagsText: ' weather , city ',
  ...more,
});

describe('op drafts', () => {
  it('a draft without a name, a path or tags gets the spec message', () => {
    expect(draftsProblem([draft({ name: '' })])).toBe(opsMessages.missingFields);
    expect(draftsProblem([draft({ url: ' ' })])).toBe(opsMessages.missingFields);
    expect(draftsProblem([draft({ tagsText: ' , ' })])).toBe(opsMessages.missingFields);
    expect(draftsProblem([draft()])).toBeNull();
  });

  it('tags are trimmed; GET sends no parameters; POST sends its rows', () => {
    const params = [{ key: 1, name: 'city', type: 'string' as const, description: 'City', required: true }];
    expect(opInputOf(draft({ method: 'GET', params })).parameters).toEqual({ properties: {}, required: [] });
    const post = opInputOf(draft({ params }));
    expect(post.tags).toEqual(['weather', 'city']);
    expect(post.parameters).toEqual({
      properties: { city: { type: 'string', description: 'City' } },
      required: ['city'],
    });
  });

  it('search by name or by tag, the term lower-cased', () => {
    const op = (name: string, tags: string[]): Op => ({
      id: name,
      name,
      url: 'https://x.example',
      method: 'GET',
      description: '',
      type: 'custom',
      tags,
      parameters: { properties: {}, required: [] },
    });
    const ops = [op('getWeather', ['Forecast']), op('news', ['daily'])];
    expect(filteredOps(ops, 'WEATHER', 'name').map((o) => o.name)).toEqual(['getWeather']);
    expect(filteredOps(ops, 'forecast', 'tag').map((o) => o.name)).toEqual(['getWeather']);
    expect(filteredOps(ops, 'forecast', 'name')).toEqual([]);
    expect(
      parametersText({
        ...op('a', []),
        parameters: { properties: { q: { type: 'string', description: '' } }, required: ['q'] },
      }),
    ).toBe('q (string, required)');
  });
});

import { describe, expect, it } from 'vitest';
import { externalApiMessages, maskOf, type ExternalApiView } from '@app/contracts';
import { callProblems, draftOf, draftProblems, emptyDraft, inputOf } from './draft';

const view: ExternalApiView = {
  id: '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10',
  name: 'Weather',
  requestType: 'POST',
  url: 'https://api.example.com/weather',
  params: [{ name: 'city', description: 'The city' }],
  headers: { Accept: 'application/json', 'X-Api-Key': maskOf('7890') },
  body: '{"a":1}',
  auth: { type: 'bearer', token: maskOf('ijkl') },
  description: 'The weather',
  updatedBy: 'admin@example.com',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('external API editor draft', () => {
  it('given an empty draft, when saved, then the three required fields are named', () => {
    expect(draftProblems(emptyDraft())).toEqual([
      externalApiMessages.urlRequired,
      externalApiMessages.nameRequired,
      externalApiMessages.descriptionRequired,
    ]);
  });

  it('given an empty draft, when tested, then only the url is asked for', () => {
    expect(callProblems(emptyDraft())).toEqual([externalApiMessages.urlRequired]);
  });

  it('given a saved definition, when edited and sent back, then the masks travel unchanged and empty rows are dropped', () => {
    const draft = draftOf(view);
    draft.headers.push({ name: ' ', value: 'x' });
    draft.params.push({ name: '', description: '' });
    expect(inputOf(draft)).toEqual({
      id: view.id,
      name: 'Weather',
      requestType: 'POST',
      url: view.url,
      description: 'The weather',
      params: view.params,
      headers: view.headers,
      body: '{"a":1}',
      auth: { type: 'bearer', token: maskOf('ijkl') },
    });
    expect(draftProblems(draft)).toEqual([]);
  });

  it('given basic auth without a password, then the basic message', () => {
    const draft = {
      ...draftOf(view),
      auth: { type: 'basic' as const, token: '', username: 'ann', password: '' },
    };
    expect(draftProblems(draft)).toEqual([externalApiMessages.usernameRequired]);
    expect(inputOf(draft).auth).toEqual({ type: 'basic', username: 'ann', password: '' });
  });
});

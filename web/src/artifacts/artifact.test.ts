import { describe, expect, it } from 'vitest';
import { artifactFileName, saveDraft, type ArtifactDraft } from './artifact';

const draft: ArtifactDraft = {
  id: '',
  name: 'Chat API sample',
  description: 'Calls chat.',
  type: 'code',
  instructions: 'A sample.',
  content: 'print(1)',
};
const sevens = () => 7;

describe('saving an artifact', () => {
  it('a new one gets the name with underscores, a hyphen and seven digits', () => {
    const result = saveDraft([], draft, '2026-01-01T00:00:00.000Z', sevens);
    expect(result.ok && result.saved).toMatchObject({ id: 'Chat_API_sample-7777777', version: 1 });
    expect(result.ok && result.artifacts).toHaveLength(1);
  });

  it('a revision keeps the exact id and counts a version; an unknown id saves nothing', () => {
    const first = saveDraft([], draft, '2026-01-01T00:00:00.000Z', sevens);
    if (!first.ok) throw new Error(first.error);
    const revised = saveDraft(
      first.artifacts,
      { ...draft, id: 'Chat_API_sample-7777777', name: 'Renamed', content: 'print(2)' },
      '2026-01-02T00:00:00.000Z',
      () => 1,
    );
    expect(revised.ok && revised.artifacts).toEqual([
      expect.objectContaining({
        id: 'Chat_API_sample-7777777',
        name: 'Renamed',
        content: 'print(2)',
        version: 2,
      }),
    ]);
    expect(saveDraft(first.artifacts, { ...draft, id: 'Other-1234567' }, 'now', sevens)).toEqual({
      ok: false,
      error: 'There is no artifact with the id Other-1234567 in this conversation.',
    });
  });

  it('needs a name', () => {
    expect(saveDraft([], { ...draft, name: ' ' }, 'now', sevens)).toEqual({
      ok: false,
      error: 'The artifact needs a name.',
    });
    expect(artifactFileName({ id: 'A-1234567', type: 'json' })).toBe('A-1234567.json');
  });
});

import { describe, expect, it } from 'vitest';
import { assistantMessages } from '@app/contracts';
import { sampleAssistant } from '../testing';
import {
  createPayloadOf,
  draftOfAssistant,
  draftProblem,
  emptyAssistantDraft,
  hasDocument,
  parseTags,
  toggleDocument,
} from './assistant-draft';

const doc = { id: 'k1', key: 'owner/k1.txt', name: 'notes.txt', type: 'text/plain' };

describe('the assistant dialog', () => {
  it('needs a name', () => {
    expect(draftProblem(emptyAssistantDraft())).toBe(assistantMessages.nameRequired);
    expect(draftProblem({ ...emptyAssistantDraft(), name: '   ' })).toBe(assistantMessages.nameRequired);
    expect(draftProblem({ ...emptyAssistantDraft(), name: 'Helper' })).toBeNull();
  });

  it('reads tags from a comma-separated list: trimmed, blanks and repeats dropped', () => {
    expect(parseTags(' law, , tax ,law')).toEqual(['law', 'tax']);
    expect(
      draftProblem({
        ...emptyAssistantDraft(),
        name: 'x',
        tagsText: Array.from({ length: 51 }, (_, i) => `t${i}`).join(','),
      }),
    ).not.toBeNull();
  });

  it('sends the create payload: documents as data sources and their file keys', () => {
    const draft = toggleDocument({ ...emptyAssistantDraft(), name: ' Helper ', tagsText: 'a, b' }, doc);
    expect(hasDocument(draft, doc)).toBe(true);
    expect(createPayloadOf(draft)).toEqual({
      provider: 'amplify',
      name: 'Helper',
      description: '',
      instructions: '',
      disclaimer: '',
      dataSources: [doc],
      fileKeys: ['owner/k1.txt'],
      tags: ['a', 'b'],
      tools: [],
    });
    expect(hasDocument(toggleDocument(draft, doc), doc)).toBe(false);
  });

  it('an edit saves a new version of the same assistant', () => {
    const existing = sampleAssistant({
      assistantId: 'astp/1',
      dataSources: [doc],
      tags: ['a'],
      tools: [{ name: 'op', description: 'No description provided' }],
    });
    const payload = createPayloadOf(draftOfAssistant(existing));
    expect(payload).toMatchObject({
      assistantId: 'astp/1',
      name: 'Helper',
      tags: ['a'],
      fileKeys: ['owner/k1.txt'],
    });
    expect(payload.tools).toEqual(existing.tools);
  });
});

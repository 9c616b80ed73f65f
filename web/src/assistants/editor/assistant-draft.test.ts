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
      data: { provider: 'amplify', tags: ['a', 'b'], mcpServers: [] },
    });
    expect(hasDocument(toggleDocument(draft, doc), doc)).toBe(false);
  });

  it("an edit keeps the assistant's data object and its MCP servers", () => {
    const server = '7b0a5d4e-2f43-4c58-9d8a-3c1e2b4f5a6d';
    const existing = sampleAssistant({ assistantId: 'astp/1' });
    const draft = draftOfAssistant({
      ...existing,
      data: { ...existing.data, opsLanguageVersion: 'v4', mcpServers: [server] },
    });
    expect(draft.mcpServers).toEqual([server]);
    expect(createPayloadOf({ ...draft, mcpServers: [] }).data).toMatchObject({
      opsLanguageVersion: 'v4',
      mcpServers: [],
    });
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

import { describe, expect, it } from 'vitest';
import { ConversationFile, type ShareSnapshot } from '@app/contracts';
import { audienceOf, fileOfSnapshot } from './share-copy';

const snapshot: ShareSnapshot = {
  name: 'Trip',
  owner: 'ann@example.com',
  sharedAt: '2026-01-02T00:00:00.000Z',
  turns: [
    {
      question: 'Where?',
      answer: 'Oslo',
      model: 'gpt-4o',
      at: '2026-01-01T00:00:00.000Z',
      documents: ['map.pdf'],
    },
    { question: 'When?', answer: null, model: null, at: '2026-01-01T00:01:00.000Z', documents: [] },
  ],
};

describe('a shared conversation copied', () => {
  it('is a conversations file of one conversation, its thread one version per turn', () => {
    const file = fileOfSnapshot(snapshot, '2026-01-03T00:00:00.000Z');
    expect(ConversationFile.safeParse(file).success).toBe(true);
    const [conversation] = file.conversations;
    expect(conversation?.name).toBe('Trip');
    expect(
      conversation?.turns.map((t) => [t.requestId, t.parentRequestId, t.question, t.answer, t.chosen]),
    ).toEqual([
      ['t1', null, 'Where?', 'Oslo', true],
      ['t2', 't1', 'When?', null, true],
    ]);
  });

  it('says who may read it', () => {
    expect(audienceOf({ isPublic: true, accessTo: { users: ['x@example.com'], amplifyGroups: [] } })).toBe(
      'Everyone signed in',
    );
    expect(
      audienceOf({ isPublic: false, accessTo: { users: ['bob@example.com'], amplifyGroups: ['Crew'] } }),
    ).toBe('bob@example.com, group Crew');
  });
});

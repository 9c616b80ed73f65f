import { describe, expect, it } from 'vitest';
import type { ConversationSearchResult } from '@app/contracts';
import type { LocalConversation } from '../model/types';
import { mergeResults, searchLocalConversations } from './local-search';

const conversation = (id: string, name: string, texts: string[], day = 1): LocalConversation => ({
  id,
  name,
  createdAt: `2026-01-0${day}T00:00:00.000Z`,
  updatedAt: `2026-01-0${day}T00:00:00.000Z`,
  messages: texts.map((content, i) => ({
    id: `r${id}${Math.floor(i / 2)}:${i % 2 === 0 ? 'user' : 'assistant'}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content,
    requestId: `r${id}${Math.floor(i / 2)}`,
    at: `2026-01-0${day}T00:00:0${i}.000Z`,
  })),
});

const kept = [
  conversation('a', 'Cooking', [
    'How do I bake bread?',
    'Knead the dough, then the ferry to Zanzibar is irrelevant.',
  ]),
  conversation('b', 'Zanzibar holiday', ['Where to stay?', 'Stone Town.'], 2),
  conversation('c', 'Taxes', ['Deadline?', 'April.'], 3),
];

describe('searching the conversations kept in this browser', () => {
  it('finds a word from the middle of an answer: its message, a snippet with the word marked', () => {
    const [hit] = searchLocalConversations(kept, ['ferry'], 20);
    expect(hit?.conversationId).toBe('a');
    expect(hit?.messageId).toBe('ra0:assistant');
    expect(hit?.matches.map((m) => hit.snippet.slice(m.start, m.start + m.length))).toEqual(['ferry']);
  });

  it('every word must be in one message or in the name, the last as a prefix', () => {
    expect(searchLocalConversations(kept, ['bake', 'bre'], 20).map((r) => r.conversationId)).toEqual(['a']);
    expect(searchLocalConversations(kept, ['bake', 'april'], 20)).toEqual([]);
    expect(searchLocalConversations(kept, ['tax'], 20).map((r) => r.messageId)).toEqual([null]);
  });

  it('a name match ranks first; the limit bounds the list', () => {
    expect(searchLocalConversations(kept, ['zanzibar'], 20).map((r) => r.conversationId)).toEqual(['b', 'a']);
    expect(searchLocalConversations(kept, ['zanzibar'], 1)).toHaveLength(1);
    expect(searchLocalConversations(kept, [], 20)).toEqual([]);
  });
});

describe('one list of the cloud and this browser', () => {
  const result = (id: string): ConversationSearchResult => ({
    conversationId: id,
    messageId: null,
    title: id,
    titleMatches: [],
    snippet: '',
    matches: [],
    at: '2026-01-01T00:00:00.000Z',
  });

  it('takes them in turns, the cloud first, each conversation once, bounded', () => {
    const cloud = ['c1', 'c2', 'c3'].map(result);
    const local = ['l1', 'c2'].map(result);
    expect(mergeResults(cloud, local, 10).map((r) => r.conversationId)).toEqual(['c1', 'l1', 'c2', 'c3']);
    expect(mergeResults(cloud, local, 2).map((r) => r.conversationId)).toEqual(['c1', 'l1']);
  });
});

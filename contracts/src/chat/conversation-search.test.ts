import { describe, expect, it } from 'vitest';
import {
  ConversationSearchQuery,
  conversationSearchMessages,
  matchesAllWords,
  matchRanges,
  searchSnippet,
  searchWords,
  tsQueryText,
} from './conversation-search';

const marked = (s: { snippet: string; matches: { start: number; length: number }[] }) =>
  s.matches.map((m) => s.snippet.slice(m.start, m.start + m.length));

describe('the words of a search', () => {
  it('are runs of letters and digits, lower-cased, each once; nothing else is kept', () => {
    expect(searchWords("  Lisbon's  BEST pastéis, lisbon! 2024 ")).toEqual([
      'lisbon',
      's',
      'best',
      'pastéis',
      '2024',
    ]);
    expect(searchWords("'); drop table x; -- :* & | !")).toEqual(['drop', 'table', 'x']);
    expect(searchWords('?!  ... ')).toEqual([]);
  });

  it('keep at most 16 words', () => {
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
  });
});

describe('the tsquery text', () => {
  it('asks for every word, the last as a prefix', () => {
    expect(tsQueryText(['trip', 'lisb'])).toBe('trip & lisb:*');
    expect(tsQueryText(['東京'])).toBe('東京:*');
  });

  it('never carries tsquery syntax: a word that is not letters and digits is dropped; none gives null', () => {
    expect(tsQueryText(["a'b", 'x|y', 'ok'])).toBe('ok:*');
    expect(tsQueryText([])).toBeNull();
    expect(tsQueryText(['!'])).toBeNull();
  });
});

describe('matching', () => {
  it('finds whole words, and the last one as a prefix, whatever their case', () => {
    const text = 'Day 1: Belém and the Lisbon trip; LISBOA too';
    expect(matchRanges(text, ['trip', 'lisb']).map((r) => text.slice(r.start, r.start + r.length))).toEqual([
      'Lisbon',
      'trip',
      'LISBOA',
    ]);
    expect(matchRanges(text, ['lisb', 'trip']).map((r) => text.slice(r.start, r.start + r.length))).toEqual([
      'trip',
    ]);
  });

  it('every word must be there', () => {
    expect(matchesAllWords('The Lisbon trip', ['trip', 'lisb'])).toBe(true);
    expect(matchesAllWords('The Lisbon voyage', ['trip', 'lisb'])).toBe(false);
    expect(matchesAllWords('The Lisbon trip', ['tri', 'lisbon'])).toBe(false);
    expect(matchesAllWords('anything', [])).toBe(false);
  });
});

describe('the snippet', () => {
  it('shows the words of the middle of a long answer, cut with … on both sides', () => {
    const text = `${'lorem ipsum '.repeat(50)}the secret word is zanzibar here ${'dolor sit '.repeat(50)}`;
    const s = searchSnippet(text, ['zanzibar']);
    expect(s.snippet.startsWith('…')).toBe(true);
    expect(s.snippet.endsWith('…')).toBe(true);
    expect(s.snippet.length).toBeLessThanOrEqual(162);
    expect(marked(s)).toEqual(['zanzibar']);
  });

  it('a short text is whole, its white space made single spaces', () => {
    const s = searchSnippet('Plan a\n\n trip   to Lisbon', ['lisbon']);
    expect(s.snippet).toBe('Plan a trip to Lisbon');
    expect(marked(s)).toEqual(['Lisbon']);
  });

  it('without a match it is the start of the text, nothing marked', () => {
    const s = searchSnippet('word '.repeat(100), ['zzz']);
    expect(s.snippet.startsWith('word')).toBe(true);
    expect(s.matches).toEqual([]);
  });

  it('never cuts a character made of two code units', () => {
    const text = `${'😀'.repeat(200)} needle ${'😀'.repeat(200)}`;
    const s = searchSnippet(text, ['needle']);
    expect(s.snippet).not.toMatch(/^…?[\uDC00-\uDFFF]/);
    expect(s.snippet).not.toMatch(/[\uD800-\uDBFF]…?$/);
    expect(marked(s)).toEqual(['needle']);
  });
});

describe('the query string', () => {
  it('trims, bounds and defaults the limit', () => {
    expect(ConversationSearchQuery.parse({ q: '  trip ' })).toEqual({ q: 'trip', limit: 20 });
    expect(ConversationSearchQuery.parse({ q: 'trip', limit: '50' }).limit).toBe(50);
    expect(ConversationSearchQuery.safeParse({ q: 'trip', limit: '51' }).success).toBe(false);
    expect(ConversationSearchQuery.safeParse({ q: 'trip', limit: '0' }).success).toBe(false);
  });

  it('refuses a query without a word, or longer than 200 characters, saying why', () => {
    const messages = (q: string) =>
      ConversationSearchQuery.safeParse({ q }).error?.issues.map((i) => i.message);
    expect(messages('   ')).toContain(conversationSearchMessages.noWords);
    expect(messages('?!')).toContain(conversationSearchMessages.noWords);
    expect(messages('a'.repeat(201))).toContain(conversationSearchMessages.queryTooLong);
    expect(ConversationSearchQuery.safeParse({ q: ` ${'a'.repeat(200)} ` }).success).toBe(true);
  });
});

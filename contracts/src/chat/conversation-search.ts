import { z } from 'zod';
import { boundedList } from '../bounded';
import { WaitForQuery } from '../http/events';
import { platformMessages } from '../messages';
import { successBody } from '../success';
import { ChatId } from './chat-request';

/**
 * Conversation search (GET `conversationRoutes.search`): the caller's cloud conversations whose name
 * or a message holds every word typed, the last one as a prefix ("lisb" finds "Lisbon"). The words
 * are letters and digits only (`searchWords`), so what a user types never reaches a query as syntax.
 * The web searches the conversations kept in the browser with the same words and merges both lists.
 */
export const conversationSearchLimits = {
  /** Characters of the query, trimmed. */
  queryLength: 200,
  /** Words of a query kept (the rest are ignored). */
  words: 16,
  /** Results of one search. */
  maxResults: 50,
  defaultResults: 20,
  /** Characters of a snippet (without its '…'). */
  snippetLength: 160,
  /** Characters of a text the snippet and the matching look at (the server indexes as many). */
  scannedLength: 100_000,
} as const;

/** Search's messages, shown to users word for word. */
export const conversationSearchMessages = {
  noWords: 'Type at least one letter or digit to search for.',
  queryTooLong: platformMessages.tooLong('The search', conversationSearchLimits.queryLength),
  /** The search box's accessible name and placeholder. */
  label: 'Search conversations',
  noResults: 'No conversation matches.',
  searching: 'Searching…',
  /** The list of results' accessible name. */
  resultsLabel: 'Search results',
  results: (n: number) => (n === 1 ? '1 conversation found.' : `${n} conversations found.`),
} as const;

const wordPattern = /[\p{L}\p{N}]+/gu;

/**
 * The words of a query: runs of letters and digits, lower-cased, each once, at most
 * `conversationSearchLimits.words` of them. Nothing else of the query is kept.
 */
export const searchWords = (query: string): string[] => {
  const words: string[] = [];
  for (const [word] of query.toLowerCase().matchAll(wordPattern)) {
    if (!words.includes(word)) words.push(word);
    if (words.length === conversationSearchLimits.words) break;
  }
  return words;
};

/**
 * The text of a PostgreSQL `to_tsquery` for the words: each word, all of them (`&`), the last as a
 * prefix (`:*`). Safe as it is: the words hold letters and digits only (`searchWords`). Null for none.
 */
export const tsQueryText = (words: readonly string[]): string | null => {
  const safe = words.filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  if (safe.length === 0) return null;
  return safe.map((w, i) => (i === safe.length - 1 ? `${w}:*` : w)).join(' & ');
};

/** A matched word in a text: its first character and its length (UTF-16 code units, as JS counts). */
export const MatchRange = z.object({
  start: z.number().int().nonnegative(),
  length: z.number().int().positive(),
});
export type MatchRange = z.infer<typeof MatchRange>;

/** Whether a word of a text (lower-cased) is one of the query's: the last one matches as a prefix. */
const matchesWord = (token: string, words: readonly string[]): boolean =>
  words.some((w, i) => token === w || (i === words.length - 1 && token.startsWith(w)));

/** Where the query's words are in `text` (the first `scannedLength` characters), in order. */
export const matchRanges = (text: string, words: readonly string[]): MatchRange[] => {
  if (words.length === 0) return [];
  const ranges: MatchRange[] = [];
  for (const m of text.slice(0, conversationSearchLimits.scannedLength).matchAll(wordPattern)) {
    if (matchesWord(m[0].toLowerCase(), words)) ranges.push({ start: m.index, length: m[0].length });
  }
  return ranges;
};

/** Whether every word of the query is in `text` (the last as a prefix): what the server's query asks. */
export const matchesAllWords = (text: string, words: readonly string[]): boolean => {
  if (words.length === 0) return false;
  const tokens = new Set<string>();
  for (const [t] of text.slice(0, conversationSearchLimits.scannedLength).toLowerCase().matchAll(wordPattern))
    tokens.add(t);
  const last = words.length - 1;
  return words.every((w, i) =>
    i === last ? tokens.has(w) || [...tokens].some((t) => t.startsWith(w)) : tokens.has(w),
  );
};

/** A part of a text around its first match, and where the words are in it. */
export interface Snippet {
  snippet: string;
  matches: MatchRange[];
}

/** Moves `at` off the second half of a surrogate pair. */
const whole = (text: string, at: number): number =>
  at > 0 && at < text.length && /[\uDC00-\uDFFF]/.test(text.charAt(at)) ? at - 1 : at;

/**
 * At most `snippetLength` characters of `text` (its white space made single spaces) around the first
 * of the query's words, '…' where it was cut, with the words' places in it. The start of the text
 * when no word is in it (a conversation found by its name).
 */
export const searchSnippet = (
  text: string,
  words: readonly string[],
  length: number = conversationSearchLimits.snippetLength,
): Snippet => {
  const flat = text.slice(0, conversationSearchLimits.scannedLength).replace(/\s+/g, ' ').trim();
  const first = matchRanges(flat, words)[0];
  let start = first ? Math.max(0, first.start - Math.floor(length / 3)) : 0;
  // Begin at a word: after the space before the window's first whole word.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && first && space < first.start) start = space + 1;
  }
  start = whole(flat, start);
  const end = whole(flat, Math.min(flat.length, start + length));
  const snippet = `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
  return { snippet, matches: matchRanges(snippet, words) };
};

/**
 * GET search's query: `q` the words (trimmed, 1..200 characters, a letter or a digit), `limit` 1..50,
 * and `?waitFor=` like every read route.
 */
export const ConversationSearchQuery = WaitForQuery.extend({
  q: z
    .string()
    .trim()
    .min(1, conversationSearchMessages.noWords)
    .max(conversationSearchLimits.queryLength, conversationSearchMessages.queryTooLong)
    .refine((q) => searchWords(q).length > 0, conversationSearchMessages.noWords),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(conversationSearchLimits.maxResults)
    .default(conversationSearchLimits.defaultResults),
});
export type ConversationSearchQuery = z.infer<typeof ConversationSearchQuery>;

/**
 * One conversation found: the message that matched best (`messageId` `<requestId>:<role>`, as the
 * chat names its messages; null when only its name matched), its name, a snippet of that message
 * and where the words are in the name and the snippet (shown highlighted: never HTML), and the
 * message's date (the conversation's when only its name matched).
 */
export const ConversationSearchResult = z.object({
  conversationId: ChatId,
  messageId: z.string().max(300).nullable(),
  title: z.string().max(200).nullable(),
  titleMatches: boundedList(MatchRange, 'Title matches', 200),
  snippet: z.string().max(conversationSearchLimits.snippetLength + 2),
  matches: boundedList(MatchRange, 'Snippet matches', conversationSearchLimits.snippetLength),
  at: z.string().max(64),
});
export type ConversationSearchResult = z.infer<typeof ConversationSearchResult>;

/** The answer: the best first. */
export const ConversationSearchResponse = successBody({
  results: boundedList(ConversationSearchResult, 'Results', conversationSearchLimits.maxResults),
});
export type ConversationSearchResponse = z.infer<typeof ConversationSearchResponse>;

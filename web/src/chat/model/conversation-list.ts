import type { ConversationStorage, ConversationSummary } from '@app/contracts';
import type { ConversationListItem } from './types';

/**
 * A conversation this browser knows of: the local ones it holds (IndexedDB), and cloud ones started
 * in this tab that the server does not list yet.
 */
export interface BrowserConversation {
  id: string;
  name: string;
  updatedAt: string;
  storage: ConversationStorage;
}

const later = (a: string, b: string): string => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * The conversation list: the server's conversations (usage of both kinds, names of cloud ones)
 * merged with what this browser holds (names of local ones), newest first. A conversation the
 * server has not heard of yet costs nothing so far; a local one the server knows but this browser
 * does not hold was kept in another browser.
 */
export function mergeConversations(
  server: readonly ConversationSummary[],
  browser: readonly BrowserConversation[],
): ConversationListItem[] {
  const known = new Map(browser.map((c) => [c.id, c]));
  const items: ConversationListItem[] = server.map((s) => {
    const mine = known.get(s.id);
    known.delete(s.id);
    const local = s.storage === 'future-local';
    return {
      id: s.id,
      name: local ? (mine?.name ?? null) : (s.name ?? mine?.name ?? null),
      storage: s.storage,
      cost: s.cost,
      requests: s.requests,
      updatedAt: mine ? later(mine.updatedAt, s.updatedAt) : s.updatedAt,
      elsewhere: local && !mine,
    };
  });
  for (const c of known.values()) items.push({ ...c, cost: 0, requests: 0, elsewhere: false });
  return items.sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.id.localeCompare(b.id));
}

/** Dollars as the list and the answers show them: cents, or 4 to 6 decimals for amounts under a cent. */
export const formatCost = (dollars: number): string =>
  dollars === 0
    ? '$0.00'
    : dollars < 0.01
      ? `$${dollars.toFixed(6).replace(/(\.\d{4}\d*?)0+$/, '$1')}`
      : `$${dollars.toFixed(2)}`;

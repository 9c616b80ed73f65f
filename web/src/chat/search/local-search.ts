import {
  conversationSearchLimits,
  matchesAllWords,
  matchRanges,
  searchSnippet,
  type ConversationSearchResult,
} from '@app/contracts';
import type { LocalConversation } from '../model/types';

/** A result with its rank (higher first), as the local search orders them. */
export interface RankedResult {
  result: ConversationSearchResult;
  rank: number;
}

/** A name match counts this much beside a message's rank (below 1), as on the server. */
const titleWeight = 1;

/**
 * A message's rank, like PostgreSQL's `ts_rank` in spirit: more of the words' occurrences rank
 * higher, and a long text a little lower; always below 1.
 */
export const messageRank = (content: string, words: readonly string[]): number => {
  const hits = matchRanges(content, words).length;
  const length = Math.min(content.length, conversationSearchLimits.scannedLength);
  return hits === 0 ? 0 : hits / (hits + 1 + Math.log10(1 + length));
};

/**
 * Searches the conversations kept in this browser the way the server searches the cloud's: a
 * conversation matches when its name or one of its messages holds every word (the last as a
 * prefix); its best message is the one shown. The best `limit` first (on a tie, the newest).
 */
export function searchLocalConversations(
  conversations: readonly LocalConversation[],
  words: readonly string[],
  limit: number,
): ConversationSearchResult[] {
  if (words.length === 0) return [];
  const found: RankedResult[] = [];
  for (const c of conversations) {
    const titleHit = matchesAllWords(c.name, words);
    let best: { id: string; content: string; at: string; rank: number } | null = null;
    for (const m of c.messages) {
      if (!matchesAllWords(m.content, words)) continue;
      const rank = messageRank(m.content, words);
      if (best === null || rank > best.rank || (rank === best.rank && m.at > best.at))
        best = { id: m.id, content: m.content, at: m.at, rank };
    }
    if (!titleHit && best === null) continue;
    const { snippet, matches } = searchSnippet(best?.content ?? '', words);
    found.push({
      rank: (best?.rank ?? 0) + (titleHit ? titleWeight : 0),
      result: {
        conversationId: c.id,
        messageId: best?.id ?? null,
        title: c.name,
        titleMatches: matchRanges(c.name, words),
        snippet,
        matches,
        at: best?.at ?? c.updatedAt,
      },
    });
  }
  return found
    .sort((a, b) => b.rank - a.rank || b.result.at.localeCompare(a.result.at))
    .slice(0, limit)
    .map((r) => r.result);
}

/**
 * One list of the cloud's results and this browser's, each list's order kept: taken in turns, the
 * cloud's first, each conversation once, at most `limit`.
 */
export function mergeResults(
  cloud: readonly ConversationSearchResult[],
  local: readonly ConversationSearchResult[],
  limit: number,
): ConversationSearchResult[] {
  const merged: ConversationSearchResult[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(cloud.length, local.length) && merged.length < limit; i++) {
    for (const r of [cloud[i], local[i]]) {
      if (r === undefined || seen.has(r.conversationId) || merged.length === limit) continue;
      seen.add(r.conversationId);
      merged.push(r);
    }
  }
  return merged;
}

import { sql } from 'kysely';
import {
  matchRanges,
  searchSnippet,
  searchWords,
  tsQueryText,
  type ConversationSearchResult,
} from '@app/contracts';
import type { Db } from '@app/platform';

/** A name match counts this much beside a message's `ts_rank` (which stays below 1). */
export const titleWeight = 1;

interface SearchRow {
  conversation_id: string;
  name: string | null;
  updated_at: Date;
  request_id: string | null;
  role: string | null;
  content: string | null;
  at: Date | null;
  rank: number;
}

/**
 * The search's SQL for an owner (the tsquery text from `tsQueryText`, passed as a parameter): each
 * of their cloud conversations whose name or a message matches, with its best message (highest
 * `ts_rank`, the latest on a tie), ranked by that rank plus `titleWeight` when the name matches.
 */
export const searchQuery = (owner: string, tsQuery: string, limit: number) => sql<SearchRow>`
  with query as (select to_tsquery('simple', ${tsQuery}) as q),
  hits as (
    select distinct on (m.conversation_id)
      m.conversation_id, m.request_id, m.role, m.content, m.at, ts_rank(m.search, query.q) as rank
    from rm_conversation_messages m, query
    where m.owner = ${owner} and m.search @@ query.q
    order by m.conversation_id, rank desc, m.position desc, m.ordinal desc
  )
  select c.conversation_id, c.name, c.updated_at, h.request_id, h.role, h.content, h.at,
    (coalesce(h.rank, 0) + case when c.name_search @@ query.q then ${titleWeight} else 0 end)::float8 as rank
  from rm_conversations c
  cross join query
  left join hits h on h.conversation_id = c.conversation_id
  where c.owner = ${owner} and c.storage = 'future-cloud'
    and (h.conversation_id is not null or c.name_search @@ query.q)
  order by rank desc, coalesce(h.at, c.updated_at) desc, c.conversation_id
  limit ${limit}`;

/** A row as a result: its snippet and the words' places computed here from the same words. */
export const searchResultOf = (row: SearchRow, words: readonly string[]): ConversationSearchResult => {
  const { snippet, matches } = searchSnippet(row.content ?? '', words);
  // Names are bounded where they are given; cut here too, so the answer always fits its contract.
  const title = row.name === null ? null : row.name.slice(0, 200).replace(/[\uD800-\uDBFF]$/, '');
  return {
    conversationId: row.conversation_id,
    messageId:
      row.request_id === null ? null : `${row.request_id}:${row.role === 'user' ? 'user' : 'assistant'}`,
    title,
    titleMatches: title === null ? [] : matchRanges(title, words),
    snippet,
    matches,
    at: (row.at ?? row.updated_at).toISOString(),
  };
};

/** `owner`'s cloud conversations matching the query `q`, the best first (none when it has no word). */
export const searchConversations = async (
  db: Db,
  owner: string,
  q: string,
  limit: number,
): Promise<ConversationSearchResult[]> => {
  const words = searchWords(q);
  const tsQuery = tsQueryText(words);
  if (tsQuery === null) return [];
  const { rows } = await searchQuery(owner, tsQuery, limit).execute(db);
  return rows.map((row) => searchResultOf(row, words));
};

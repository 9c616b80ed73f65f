import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { conversationSearchLimits, searchWords, type ConversationSearchResult } from '@app/contracts';
import { searchCloudConversations } from '../../api/conversation-search';
import { errorText } from '../../api/http';
import { answeredNotFound } from '../../api/relay';
import { userEmailAtom } from '../../state/active-conversation';
import { mergeResults, searchLocalConversations } from './local-search';
import { readLocalForSearch } from './read-local';

/** How long typing rests before a search runs. */
export const searchDebounceMs = 200;

export interface SearchState {
  /** The query these results are of (trimmed); '' when nothing is searched. */
  query: string;
  results: ConversationSearchResult[];
  busy: boolean;
  /** Why the cloud's part failed (this browser's results are still shown). */
  error: string | null;
}

const idle: SearchState = { query: '', results: [], busy: false, error: null };

/** The cloud's results, [] when the server has no search (404); an error's text otherwise. */
const cloudResults = async (q: string, signal: AbortSignal) => {
  try {
    return { results: await searchCloudConversations(q, conversationSearchLimits.defaultResults, signal) };
  } catch (e) {
    if (signal.aborted || answeredNotFound(e)) return { results: [] };
    return { results: [], error: errorText(e) };
  }
};

/**
 * Searches as the user types (after `searchDebounceMs` of rest): the cloud's conversations on the
 * server and this browser's in IndexedDB, merged into one list. A newer query cancels an older one.
 */
export function useConversationSearch(query: string): SearchState {
  const email = useAtomValue(userEmailAtom);
  /** The last search answered. */
  const [answered, setAnswered] = useState<SearchState>(idle);
  const q = query.trim().slice(0, conversationSearchLimits.queryLength);
  const words = useMemo(() => searchWords(q), [q]);

  useEffect(() => {
    if (words.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const limit = conversationSearchLimits.defaultResults;
      const local = readLocalForSearch(email)
        .then((kept) => searchLocalConversations(kept, words, limit))
        .catch(() => []);
      void Promise.all([cloudResults(q, controller.signal), local]).then(([cloud, mine]) => {
        if (controller.signal.aborted) return;
        setAnswered({
          query: q,
          results: mergeResults(cloud.results, mine, limit),
          busy: false,
          error: cloud.error ?? null,
        });
      });
    }, searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, words, email]);

  if (words.length === 0) return idle;
  // The results of the query before stay shown while this one runs.
  return answered.query === q ? answered : { ...answered, busy: true };
}

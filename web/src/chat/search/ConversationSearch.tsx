import { useState, type KeyboardEvent } from 'react';
import { useSetAtom } from 'jotai';
import {
  searchWords,
  conversationSearchLimits,
  conversationSearchMessages,
  type ConversationSearchResult,
} from '@app/contracts';
import { chatText } from '../chat-text';
import { conversationSearchId, focusById, messageInputId } from '../shortcuts/targets';
import { Highlighted } from './Highlighted';
import { chooseSearchResultAtom } from './search-state';
import { useConversationSearch } from './use-conversation-search';
import { useScrollToMessage } from './use-scroll-to-message';
import './search.css';

const listId = 'conversation-search-results';
const optionId = (i: number) => `conversation-search-result-${i}`;

const shownDate = (at: string): string => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
};

/**
 * The conversation search at the top of the sidebar (Ctrl/⌘+K focuses it): a combobox whose list
 * shows, as the user types, the cloud's conversations and this browser's holding the words, each with
 * its name, a snippet (the words marked) and its date. Arrow keys move, Enter or a click opens the
 * conversation at its message, Escape clears.
 */
export function ConversationSearch() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const search = useConversationSearch(query);
  const choose = useSetAtom(chooseSearchResultAtom);
  useScrollToMessage();

  const results = search.results;
  const shown = open && query.trim() !== '';
  const current = active >= 0 && active < results.length ? active : -1;

  const onChoose = (result: ConversationSearchResult) => {
    setQuery('');
    setActive(-1);
    setOpen(false);
    void choose(result, searchWords(search.query)).then(() => focusById(messageInputId));
  };

  const move = (by: number) => {
    if (results.length === 0) return;
    setOpen(true);
    setActive((i) =>
      i < 0 ? (by > 0 ? 0 : results.length - 1) : (i + by + results.length) % results.length,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const result = results[current] ?? (search.query === query.trim() ? results[0] : undefined);
      if (!result) return;
      event.preventDefault();
      onChoose(result);
    } else if (event.key === 'Escape' && (query !== '' || open)) {
      // Clears first; an Escape on the empty box goes on (a phone's drawer closes).
      if (query === '') return;
      event.preventDefault();
      setQuery('');
      setActive(-1);
    }
  };

  const status = search.busy
    ? conversationSearchMessages.searching
    : search.query !== '' && results.length === 0
      ? conversationSearchMessages.noResults
      : search.query !== ''
        ? conversationSearchMessages.results(results.length)
        : '';

  return (
    <div
      className="conversation-search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <input
        id={conversationSearchId}
        className="input conversation-search-input"
        type="text"
        role="combobox"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        aria-label={conversationSearchMessages.label}
        placeholder={conversationSearchMessages.label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && current >= 0 ? optionId(current) : undefined}
        maxLength={conversationSearchLimits.queryLength}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {/* Always there (hidden while closed), so the box's aria-controls names an element. */}
      <div className="conversation-search-panel" hidden={!shown}>
        <p role="status" className="conversation-search-status muted">
          {status}
        </p>
        {search.error !== null && <p className="form-error">{search.error}</p>}
        <ul
          id={listId}
          role="listbox"
          aria-label={conversationSearchMessages.resultsLabel}
          className="conversation-search-list"
        >
          {(shown ? results : []).map((r, i) => (
            <li
              key={`${r.conversationId}:${r.messageId ?? ''}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className="conversation-search-option"
              // The box keeps the focus (and the list stays open) while a result is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(r)}
            >
              <span className="conversation-search-title">
                <Highlighted
                  text={r.title ?? chatText.untitled}
                  ranges={r.title === null ? [] : r.titleMatches}
                />
              </span>
              {r.snippet !== '' && (
                <span className="conversation-search-snippet">
                  <Highlighted text={r.snippet} ranges={r.matches} />
                </span>
              )}
              <time className="conversation-search-date muted" dateTime={r.at}>
                {shownDate(r.at)}
              </time>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

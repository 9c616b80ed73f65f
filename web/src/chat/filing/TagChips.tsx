import { useAtomValue, useSetAtom } from 'jotai';
import { filingAtom, filingOf, tagFilterAtom } from './filing-state';
import { filingText } from './filing-text';

/** A conversation's tags as small chips under its name; a chip clicked filters the list by its tag. */
export function TagChips({ conversationId }: { conversationId: string }) {
  const { tags } = filingOf(useAtomValue(filingAtom), conversationId);
  const setFilter = useSetAtom(tagFilterAtom);
  if (tags.length === 0) return null;
  return (
    <div className="chat-tag-chips">
      {tags.map((tag) => (
        <button
          key={tag}
          type="button"
          className="chat-tag-chip"
          aria-label={filingText.filterByTag(tag)}
          title={filingText.filterByTag(tag)}
          onClick={() => setFilter(tag)}
        >
          {tag}
        </button>
      ))}
    </div>
  );
}

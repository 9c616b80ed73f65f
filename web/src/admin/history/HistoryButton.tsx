import { useSetAtom } from 'jotai';
import { sectionLabels, type SectionType } from '@app/contracts';
import { emptyHistoryFilter, historyFilterAtom } from './history-filter';

/**
 * Opens the History view: all of it (the top bar's), or filtered to a section and an item (a card's,
 * a row's). Its accessible name says which.
 */
export function HistoryButton({ section, item }: { section?: SectionType; item?: string }) {
  const open = useSetAtom(historyFilterAtom);
  const what = [section ? sectionLabels[section] : '', item ?? ''].filter(Boolean).join(': ');
  return (
    <button
      type="button"
      className={section ? 'btn btn-ghost btn-small history-button' : 'btn history-button'}
      aria-label={what ? `History of ${what}` : 'History'}
      title={what ? `History of ${what}` : 'Every admin change and session'}
      onClick={() => open({ ...emptyHistoryFilter, section: section ?? '', item: item ?? '' })}
    >
      History
    </button>
  );
}

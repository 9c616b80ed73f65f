import { atom } from 'jotai';
import { adminHistoryRoutes, type HistoryKind } from '@app/contracts';

/** What the History view shows: its filters as the admin set them (times as a datetime-local input's). */
export interface HistoryFilter {
  kind: HistoryKind;
  section: string;
  item: string;
  actor: string;
  since: string;
  until: string;
}

export const emptyHistoryFilter: HistoryFilter = {
  kind: 'changes',
  section: '',
  item: '',
  actor: '',
  since: '',
  until: '',
};

/** The History view's filters while it is open, null while it is closed. */
export const historyFilterAtom = atom<HistoryFilter | null>(null);

/** A datetime-local value ('2026-11-20T14:00', the browser's time) as an ISO time, '' when none or unreadable. */
export const isoOfLocal = (local: string): string => {
  if (!local) return '';
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString();
};

/** GET /api/admin/history's url for the filters, a page's cursor and the format. */
export const historyUrl = (
  filter: HistoryFilter,
  options: { cursor?: string; csv?: boolean } = {},
): string => {
  const params = new URLSearchParams({ kind: filter.kind });
  const add = (key: string, value: string) => {
    if (value.trim()) params.set(key, value.trim());
  };
  add('section', filter.kind === 'changes' ? filter.section : '');
  add('item', filter.item);
  add('actor', filter.actor);
  add('since', isoOfLocal(filter.since));
  add('until', isoOfLocal(filter.until));
  add('cursor', options.cursor ?? '');
  if (options.csv) params.set('format', 'csv');
  return `${adminHistoryRoutes.history}?${params.toString()}`;
};

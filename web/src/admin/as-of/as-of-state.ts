import { atom, createStore } from 'jotai';
import type { ConfigsResponse } from '@app/contracts';
import { fetchConfigs } from '../../api/configs';
import { discardEdits } from '../../state/section-rules';
import { sessionAtom } from '../../state/session';
import { applyConfigs } from '../actions/apply-configs';
import { fetchConfigsAt } from './as-of-api';
import type { Moment } from './moment';

type Store = ReturnType<typeof createStore>;

/** The dialog shown as the configuration was at a moment (read only). */
export interface AsOfView extends Moment {
  /** Every section then. */
  then: ConfigsResponse;
  /** Every section when the view was opened: a revert goes with these versions, its diff from this data. */
  now: ConfigsResponse;
  /**
   * The store the tabs read while the view is open: the same section atoms, holding the sections as
   * they were then, so the cards render unchanged and the dialog's own store (edits, live updates)
   * is left as it is.
   */
  store: Store;
}

export const asOfPickerOpenAtom = atom(false);
export const asOfViewAtom = atom<AsOfView | null>(null);

/** Loads the configuration at the moment and now, and shows the dialog as it was then. */
export const openAsOfAtom = atom(null, async (get, set, moment: Moment) => {
  const [then, now] = await Promise.all([fetchConfigsAt(moment.at), fetchConfigs()]);
  const store = createStore();
  store.set(sessionAtom, get(sessionAtom));
  applyConfigs(store.get, store.set, then, (s, incoming) => discardEdits(s, incoming));
  set(asOfViewAtom, { ...moment, then, now, store });
  set(asOfPickerOpenAtom, false);
});

export const backToNowAtom = atom(null, (_get, set) => set(asOfViewAtom, null));

import { atom } from 'jotai';
import type { LiveStatus } from '../api/live-socket';
import type { TabId } from './tab-id';

export const adminDialogOpenAtom = atom(false);

/** The tab the Admin Interface opens on (the chat's 'Add a model…' opens it on Supported Models). */
export const adminOpeningTabAtom = atom<TabId>('configurations');

/** Opens the Admin Interface on `tab`. */
export const openAdminOnTabAtom = atom(null, (_get, set, tab: TabId) => {
  set(adminOpeningTabAtom, tab);
  set(adminDialogOpenAtom, true);
});

/** 'loading' while the configuration is fetched (Save Changes is disabled then). */
export const configsStatusAtom = atom<'idle' | 'loading' | 'ready'>('idle');

export const savingAtom = atom(false);

export const liveStatusAtom = atom<LiveStatus | 'off'>('off');

/** The position our latest save answered: live changes by us up to it are our own. */
export const ownSavePositionAtom = atom<string | null>(null);

/** A save on its way: live changes wait for it, so our own save is known as ours. */
export const pendingSaveAtom = atom<Promise<void> | null>(null);

import { atom } from 'jotai';
import type { LiveStatus } from '../api/live-socket';

export const adminDialogOpenAtom = atom(false);

/** 'loading' while the configuration is fetched (Save Changes is disabled then). */
export const configsStatusAtom = atom<'idle' | 'loading' | 'ready'>('idle');

export const savingAtom = atom(false);

export const liveStatusAtom = atom<LiveStatus | 'off'>('off');

/** The position our latest save answered: live changes by us up to it are our own. */
export const ownSavePositionAtom = atom<string | null>(null);

/** A save on its way: live changes wait for it, so our own save is known as ours. */
export const pendingSaveAtom = atom<Promise<void> | null>(null);

import { atom } from 'jotai';

/**
 * Whether `/live` tells this tab of its user's changes (conversations, spend, settings): when not,
 * the list and the spend are fetched again whenever a chat ends.
 */
export const userLiveAtom = atom(false);

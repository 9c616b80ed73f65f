import { atom } from 'jotai';
import type { SpendLimitStatus } from '@app/contracts';
import { fetchSpend } from '../../api/spend';

/** The user's limits with their spend; null when not known (not loaded, or no spend route). */
export const spendAtom = atom<SpendLimitStatus[] | null>(null);

/** Fetches the spend again; a failure keeps what is shown (the next chat's end brings it). */
export const refreshSpendAtom = atom(null, async (_get, set) => {
  try {
    set(spendAtom, await fetchSpend());
  } catch {
    // The spend is a hint beside the model selector: a failed refresh keeps the last one.
  }
});

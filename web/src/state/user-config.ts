import { atom } from 'jotai';
import type { AvailableModelsResponse, ResolvedFeatureFlagsResponse } from '@app/contracts';
import { fetchAvailableModels, fetchUserFeatureFlags } from '../api/user-config';

/** The models the signed-in user may chat with (default, advanced, cheapest); null until loaded. */
export const availableModelsAtom = atom<AvailableModelsResponse['data'] | null>(null);

/** The feature flags as they apply to the signed-in user; null until loaded. */
export const userFeatureFlagsAtom = atom<ResolvedFeatureFlagsResponse['data'] | null>(null);

/**
 * Reloads what the app shows the user from the configuration: after a save the models
 * list and the feature flags, read once the projections passed `waitFor`. A failure keeps the
 * previous values (the next refresh brings them).
 */
export const refreshUserConfigAtom = atom(null, async (_get, set, waitFor?: string) => {
  const [models, flags] = await Promise.allSettled([
    fetchAvailableModels(waitFor),
    fetchUserFeatureFlags(waitFor),
  ]);
  if (models.status === 'fulfilled') set(availableModelsAtom, models.value);
  if (flags.status === 'fulfilled') set(userFeatureFlagsAtom, flags.value);
});

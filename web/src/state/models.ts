import { atom } from 'jotai';
import { type ReasoningLevel, type UserModel } from '@app/contracts';
import { errorText } from '../api/http';
import { fetchAvailableModels } from '../api/user-config';
import { availableModelsAtom } from './user-config';
import { preselectedModelId, visibleModelOptions, type ModelOption } from './model-options';
import { hiddenModelIdsAtom } from './user-settings';

/** Why the models could not be loaded; null when they were (or are loading). */
export const modelsErrorAtom = atom<string | null>(null);

/** The models are known: read, or their reading failed (before then nothing says there are none). */
export const modelsSettledAtom = atom<boolean>(
  (get) => get(availableModelsAtom) !== null || get(modelsErrorAtom) !== null,
);

/** Waits before the next try of a reading that failed: 0.5 s, then 1 s, then 2 s. */
const retryDelaysMs = [500, 1_000, 2_000] as const;

/** Reads the user's models; a failed reading (a restart, a blip) is tried again before it is shown. */
export const loadModelsAtom = atom(null, async (_get, set) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      set(availableModelsAtom, await fetchAvailableModels());
      set(modelsErrorAtom, null);
      return;
    } catch (e) {
      const delay = retryDelaysMs[attempt];
      if (delay === undefined) {
        set(modelsErrorAtom, errorText(e));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
});

/** The model the user picked in the selector; null: the preselection applies. */
export const chosenModelIdAtom = atom<string | null>(null);

/** The selector's options: the user's models by name, hidden ones left out. */
export const modelOptionsAtom = atom<ModelOption[]>((get) =>
  visibleModelOptions(get(availableModelsAtom)?.models ?? [], get(hiddenModelIdsAtom)),
);

/** The model a message goes to: the one picked, else the default model, else the first offered. */
export const selectedModelAtom = atom<UserModel | null>((get) => {
  const options = get(modelOptionsAtom);
  const id = preselectedModelId(
    options,
    get(chosenModelIdAtom),
    get(availableModelsAtom)?.default?.id ?? null,
  );
  return options.find((o) => o.model.id === id)?.model ?? null;
});

export const reasoningLevelAtom = atom<ReasoningLevel>('medium');

import { atom } from 'jotai';
import { type ReasoningLevel, type UserModel } from '@app/contracts';
import { errorText } from '../api/http';
import { fetchAvailableModels } from '../api/user-config';
import { availableModelsAtom } from './user-config';
import { preselectedModelId, visibleModelOptions, type ModelOption } from './model-options';
import { hiddenModelIdsAtom } from './user-settings';

/** Why the models could not be loaded; null when they were (or are loading). */
export const modelsErrorAtom = atom<string | null>(null);

export const loadModelsAtom = atom(null, async (_get, set) => {
  try {
    set(availableModelsAtom, await fetchAvailableModels());
    set(modelsErrorAtom, null);
  } catch (e) {
    set(modelsErrorAtom, errorText(e));
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

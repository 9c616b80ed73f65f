import { atom } from 'jotai';
import {
  availableNonEmbeddingCount,
  needsDefaultModelReminder,
  normaliseModel,
  type Model,
  type SupportedModelsSection,
} from '@app/contracts';
import { sections } from '../../state/sections';
import { putModel, removeModel, renameInDefaults, toggleAvailable } from './model-edits';

/** The add/edit form: closed, Adding a model, or Editing the model with this id. */
export type ModelFormState = { mode: 'adding' } | { mode: 'editing'; id: string } | null;
export const modelFormAtom = atom<ModelFormState>(null);

/** The model whose deletion waits for confirmation. */
export const pendingDeleteAtom = atom<string | null>(null);

/** A change left a single available chat model where there were more. */
const reminderRaisedAtom = atom(false);

/** 'Double check the default model selections before saving': shown while that is still so and unsaved. */
export const showDefaultModelReminderAtom = atom(
  (get) =>
    get(reminderRaisedAtom) &&
    get(sections.supportedModels.dirty) &&
    availableNonEmbeddingCount(get(sections.supportedModels.value)) === 1,
);

export const dismissDefaultModelReminderAtom = atom(null, (_get, set) => set(reminderRaisedAtom, false));

/** Every change of the models goes here, so a change leaving one available chat model raises the reminder. */
const editModelsAtom = atom(
  null,
  (get, set, update: (models: SupportedModelsSection) => SupportedModelsSection) => {
    const before = get(sections.supportedModels.value);
    const after = update(before);
    set(sections.supportedModels.edit, () => after);
    if (needsDefaultModelReminder(before, after)) set(reminderRaisedAtom, true);
    else if (availableNonEmbeddingCount(after) !== 1) set(reminderRaisedAtom, false);
  },
);

/** The form's submit: the model as it is stored; a changed id keeps its default-model slots. */
export const saveModelAtom = atom(null, (_get, set, model: Model, originalId: string | null) => {
  const stored = normaliseModel(model);
  set(editModelsAtom, (models) => putModel(models, stored, originalId));
  if (originalId !== null && originalId !== stored.id) {
    set(sections.defaultModels.edit, (defaults) => renameInDefaults(defaults, originalId, stored.id));
  }
  set(modelFormAtom, null);
});

export const deleteModelAtom = atom(null, (_get, set, id: string) => {
  set(editModelsAtom, (models) => removeModel(models, id));
  set(pendingDeleteAtom, null);
});

export const toggleAvailableAtom = atom(null, (_get, set, id: string) => {
  set(editModelsAtom, (models) => toggleAvailable(models, id));
});

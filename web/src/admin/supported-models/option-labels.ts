import type { Model } from '@app/contracts';

/** A selector's option text: the model's name, with its id when another option has the same name. */
export const optionLabel = (model: Model, options: readonly Model[]): string =>
  options.some((m) => m.id !== model.id && m.name === model.name)
    ? `${model.name} (${model.id})`
    : model.name;

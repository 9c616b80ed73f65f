import { defaultModel, modelNumberInputs, type Model } from '@app/contracts';
import { modelText } from './text';

export type NumberField = keyof typeof modelNumberInputs;
export const numberFields = Object.keys(modelNumberInputs) as NumberField[];

/** Window and limit are whole numbers; the costs per 1k tokens are decimals. */
const wholeNumberFields: readonly NumberField[] = ['inputContextWindow', 'outputTokenLimit'];

/** The form's working copy: numbers kept as typed, so a field can be cleared and retyped. */
export type ModelDraft = Omit<Model, NumberField> & Record<NumberField, string>;

export const draftOf = (model: Model): ModelDraft => ({
  ...model,
  inputContextWindow: String(model.inputContextWindow),
  outputTokenLimit: String(model.outputTokenLimit),
  inputTokenCost: String(model.inputTokenCost),
  outputTokenCost: String(model.outputTokenCost),
  cachedTokenCost: String(model.cachedTokenCost),
});

/** Adding: the defaults (numbers 0, booleans false, strings empty). */
export const newDraft = (): ModelDraft => draftOf(defaultModel());

/** What the field holds as a number; an empty field is 0. NaN when it is no number. */
const numberOf = (text: string): number => (text.trim() === '' ? 0 : Number(text));

/** The field's own check: a number of 0 or more (whole for window and limit). */
export const numberFieldError = (field: NumberField, text: string): string | null => {
  const value = numberOf(text);
  if (!Number.isFinite(value) || value < modelNumberInputs[field].min) return modelText.numberAtLeastZero;
  if (wholeNumberFields.includes(field) && !Number.isInteger(value)) return modelText.wholeNumber;
  return null;
};

export type NumberErrors = Partial<Record<NumberField, string>>;

export const numberErrorsOf = (draft: ModelDraft): NumberErrors => {
  const errors: NumberErrors = {};
  for (const field of numberFields) {
    const error = numberFieldError(field, draft[field]);
    if (error !== null) errors[field] = error;
  }
  return errors;
};

/** The model the draft stands for (its numbers checked by `numberErrorsOf` first). */
export const modelOfDraft = (draft: ModelDraft): Model => ({
  ...draft,
  inputContextWindow: numberOf(draft.inputContextWindow),
  outputTokenLimit: numberOf(draft.outputTokenLimit),
  inputTokenCost: numberOf(draft.inputTokenCost),
  outputTokenCost: numberOf(draft.outputTokenCost),
  cachedTokenCost: numberOf(draft.cachedTokenCost),
});

import { describe, expect, it } from 'vitest';
import { defaultModel } from '@app/contracts';
import { draftOf, modelOfDraft, newDraft, numberErrorsOf, numberFieldError } from './model-draft';
import { modelText } from './text';

describe('the form draft', () => {
  it('starts from the spec’s defaults', () => {
    expect(modelOfDraft(newDraft())).toEqual(defaultModel());
  });

  it('keeps numbers as typed and reads them back; an empty field is 0', () => {
    const model = { ...defaultModel(), id: 'x', inputContextWindow: 128000, inputTokenCost: 0.0025 };
    const draft = draftOf(model);
    expect(draft.inputContextWindow).toBe('128000');
    expect(draft.inputTokenCost).toBe('0.0025');
    expect(modelOfDraft(draft)).toEqual(model);
    expect(modelOfDraft({ ...draft, outputTokenLimit: '' }).outputTokenLimit).toBe(0);
  });

  it('checks each number: 0 or more, whole for the window and the limit', () => {
    expect(numberFieldError('inputContextWindow', '-1000')).toBe(modelText.numberAtLeastZero);
    expect(numberFieldError('inputContextWindow', '1000.5')).toBe(modelText.wholeNumber);
    expect(numberFieldError('inputTokenCost', '0.0001')).toBeNull();
    expect(numberFieldError('cachedTokenCost', 'abc')).toBe(modelText.numberAtLeastZero);
    expect(numberFieldError('outputTokenLimit', '')).toBeNull();
    expect(numberErrorsOf({ ...newDraft(), outputTokenCost: '-0.5' })).toEqual({
      outputTokenCost: modelText.numberAtLeastZero,
    });
  });
});

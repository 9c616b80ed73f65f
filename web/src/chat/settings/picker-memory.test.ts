import { describe, expect, it } from 'vitest';
import { conversationSettingsMessages, standardConversation } from '@app/contracts';
import { pickerChoiceFor } from './picker-memory';

describe('the pickers for a conversation opened again', () => {
  it('pick its model and assistant when still offered; none means the Standard Conversation', () => {
    expect(pickerChoiceFor({ model: 'b', assistantId: 'astp/x' }, ['a', 'b'], ['astp/x'])).toEqual({
      modelId: 'b',
      assistantId: 'astp/x',
      note: null,
    });
    expect(pickerChoiceFor({ model: 'a', assistantId: null }, ['a', 'b'], null)).toEqual({
      modelId: 'a',
      assistantId: standardConversation.id,
      note: null,
    });
  });

  it('keep the model shown when its model is no longer offered, and say so; keep an assistant no longer offered', () => {
    expect(pickerChoiceFor({ model: 'gone', assistantId: 'astp/y' }, ['a'], ['astp/x'])).toEqual({
      modelId: null,
      assistantId: null,
      note: conversationSettingsMessages.modelGone('gone'),
    });
  });

  it('change nothing for a conversation listed without a model (kept from before), or not listed (started here)', () => {
    const keep = { modelId: null, assistantId: null, note: null };
    expect(pickerChoiceFor({ model: null, assistantId: null }, ['a'], null)).toEqual(keep);
    expect(pickerChoiceFor({}, ['a'], null)).toEqual(keep);
    expect(pickerChoiceFor(undefined, ['a'], null)).toEqual(keep);
  });
});

import { conversationSettingsMessages, standardConversation, type ConversationSummary } from '@app/contracts';

/** What opening a conversation does to the pickers. */
export interface PickerChoice {
  /** The model to pick; null: keep the one shown. */
  modelId: string | null;
  /** The assistant to pick; null: keep the one shown. */
  assistantId: string | null;
  /** Said quietly when the conversation's model is no longer offered (the picker keeps its model). */
  note: string | null;
}

const keep: PickerChoice = { modelId: null, assistantId: null, note: null };

/**
 * The pickers for a conversation opened again: its latest request's model when still offered (else
 * the one shown stays, and a note says so), and its assistant (none: the Standard Conversation)
 * when still offered. A conversation listed without a model (from before it was kept) changes nothing.
 */
export const pickerChoiceFor = (
  summary: Pick<ConversationSummary, 'model' | 'assistantId'> | undefined,
  offeredModels: readonly string[],
  offeredAssistants: readonly string[] | null,
): PickerChoice => {
  const model = summary?.model ?? null;
  if (model === null) return keep;
  const assistant = summary?.assistantId ?? standardConversation.id;
  const assistantOffered =
    assistant === standardConversation.id ||
    offeredAssistants === null ||
    offeredAssistants.includes(assistant);
  const modelOffered = offeredModels.includes(model);
  return {
    modelId: modelOffered ? model : null,
    assistantId: assistantOffered ? assistant : null,
    note: modelOffered ? null : conversationSettingsMessages.modelGone(model),
  };
};

import { z } from 'zod';
import type { SealedText } from './sealed-text';
import type { ExportedConversation } from './conversation-export';

/** An imported turn in the event, without its text (which is sealed: `ImportedTurnText`). */
export interface ImportedTurn {
  requestId: string;
  parentRequestId: string | null;
  chosen: boolean;
  model: string | null;
  assistantId: string | null;
  at: string;
  tokensIn: number | null;
  tokensOut: number | null;
  cost: number | null;
}

/** The text of an imported turn: kept in one place, sealed under the conversation's data key. */
export const ImportedTurnText = z.object({
  question: z.string(),
  imageNames: z.array(z.string().max(200)).max(10).optional(),
  answer: z.string().nullable(),
});
export type ImportedTurnText = z.infer<typeof ImportedTurnText>;
export const ImportedTurnTexts = z.array(ImportedTurnText);

/**
 * `ConversationImported`: a new cloud conversation from a file, its turns parents first (ids made on
 * import). Its name and turns' text are sealed together under the conversation's data key
 * (`sealedTextPurposes.importedTurns`), shredded with it when it is deleted.
 */
export interface ConversationImportedData {
  conversationId: string;
  createdAt: string;
  turns: ImportedTurn[];
  /** The JSON of `{ name, turns: ImportedTurnText[] }` (the turns in `turns`' order), sealed. */
  sealedText: SealedText;
}

export const ImportedText = z.object({ name: z.string().max(200), turns: ImportedTurnTexts });
export type ImportedText = z.infer<typeof ImportedText>;

/** A conversation of the file split into the event's turns and the text to seal. */
export const importedParts = (
  conversation: ExportedConversation,
): { turns: ImportedTurn[]; text: ImportedText } => ({
  turns: conversation.turns.map((t) => ({
    requestId: t.requestId,
    parentRequestId: t.parentRequestId,
    chosen: t.chosen,
    model: t.model,
    assistantId: t.assistantId ?? null,
    at: t.at,
    tokensIn: t.tokensIn,
    tokensOut: t.tokensOut,
    cost: t.cost,
  })),
  text: {
    name: conversation.name,
    turns: conversation.turns.map((t) => ({
      question: t.question,
      ...(t.imageNames?.length ? { imageNames: t.imageNames } : {}),
      answer: t.answer,
    })),
  },
});

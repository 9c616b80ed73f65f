import {
  ImportedText,
  sealedTextPurposes,
  type ConversationImportedData,
  type RecordedEvent,
} from '@app/contracts';
import { openSealedTextUnlessShredded, type Db } from '@app/platform';
import { ownerOf } from './conversation-rows';
import { SealedTextMismatch } from './conversation-text';

/** The imported conversation's name and turns' text, opened; null once shredded (it was deleted). */
const importedText = async (trx: Db, data: ConversationImportedData): Promise<ImportedText | null> => {
  const json = await openSealedTextUnlessShredded(
    trx,
    data.sealedText,
    sealedTextPurposes.importedTurns(data.conversationId),
  );
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new SealedTextMismatch('imported text');
  }
  const parsed = ImportedText.safeParse(value);
  if (!parsed.success || parsed.data.turns.length !== data.turns.length)
    throw new SealedTextMismatch('imported text');
  return parsed.data;
};

/** Rows inserted a few thousand at a time: one statement has at most 65,535 parameters. */
const chunks = <T>(rows: readonly T[], size = 2_000): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

const dateOr = (iso: string, fallback: Date): Date => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : date;
};

/**
 * A conversation imported into the cloud: its row (its turns' cost, counted as its requests), its
 * turns tree (each with its model, tokens and cost; the chosen versions) and their messages, in the
 * event's order (parents first), so it lists, opens and shows its versions like any other. The
 * images' names stay in the event only (the read model keeps images by their stored file).
 */
export const conversationImported = async (
  trx: Db,
  data: ConversationImportedData,
  recorded: RecordedEvent,
): Promise<string[]> => {
  const { conversationId, turns } = data;
  const text = await importedText(trx, data);
  if (text === null || turns.length === 0) return [];
  const owner = ownerOf(recorded, conversationId);
  const recordedAt = new Date(recorded.recordedAt);
  const last = turns.at(-1);
  await trx
    .insertInto('rm_conversations')
    .values({
      owner,
      conversation_id: conversationId,
      storage: 'future-cloud',
      name: text.name,
      cost: turns.reduce((sum, t) => sum + (t.cost ?? 0), 0),
      requests: turns.length,
      updated_at: recordedAt,
      model: last?.model ?? null,
      assistant_id: last?.assistantId ?? null,
    })
    .onConflict((oc) => oc.columns(['owner', 'conversation_id']).doNothing())
    .execute();
  for (const some of chunks(turns))
    await trx
      .insertInto('rm_conversation_turns')
      .values(
        some.map((t) => ({
          request_id: t.requestId,
          owner,
          conversation_id: conversationId,
          parent_request_id: t.parentRequestId,
          position: recorded.globalPosition,
          chosen: t.chosen,
          model: t.model,
          assistant_id: t.assistantId,
          tokens_in: t.tokensIn,
          tokens_out: t.tokensOut,
          cost: t.cost,
        })),
      )
      .onConflict((oc) => oc.column('request_id').doNothing())
      .execute();
  const messages = turns.flatMap((t, i) => {
    const words = text.turns[i];
    if (words === undefined) return [];
    const at = dateOr(t.at, recordedAt);
    const base = { owner, conversation_id: conversationId, request_id: t.requestId, at, images: null };
    return [
      { ...base, role: 'user', content: words.question },
      ...(words.answer === null ? [] : [{ ...base, role: 'assistant', content: words.answer }]),
    ];
  });
  const rows = messages.map((m, ordinal) => ({ ...m, position: recorded.globalPosition, ordinal }));
  for (const some of chunks(rows)) await trx.insertInto('rm_conversation_messages').values(some).execute();
  return [conversationId];
};

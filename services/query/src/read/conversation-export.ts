import {
  conversationFileFormat,
  conversationFileLimits,
  conversationFileVersion,
  type ExportedConversation,
  type ExportedTurn,
} from '@app/contracts';
import type { Db } from '@app/platform';

interface ConversationRow {
  conversation_id: string;
  name: string | null;
  updated_at: Date;
}

/** The exported turns of one conversation: its turns' rows and messages, parents first. */
const turnsOf = async (db: Db, owner: string, conversationId: string): Promise<ExportedTurn[]> => {
  const turnRows = await db
    .selectFrom('rm_conversation_turns')
    .select(['request_id', 'parent_request_id', 'chosen', 'model', 'assistant_id'])
    .select(['tokens_in', 'tokens_out', 'cost'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .orderBy('position')
    .orderBy('request_id')
    .execute();
  const messages = await db
    .selectFrom('rm_conversation_messages')
    .select(['request_id', 'role', 'content', 'at', 'images'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .orderBy('position')
    .orderBy('ordinal')
    .execute();
  // The messages' order is the conversation's (an import's turns share one position).
  const order = [...new Set([...messages.map((m) => m.request_id), ...turnRows.map((t) => t.request_id)])];
  const rows = new Map(turnRows.map((t) => [t.request_id, t]));
  const known = new Set(order);
  let previous: string | null = null;
  return order.map((requestId) => {
    const row = rows.get(requestId);
    const own = messages.filter((m) => m.request_id === requestId);
    const question = own.find((m) => m.role === 'user');
    const answer = own.find((m) => m.role === 'assistant');
    const names = (question?.images ?? []).flatMap((i) => (i.name ? [i.name.slice(0, 200)] : []));
    const named = row ? row.parent_request_id : previous;
    const turn: ExportedTurn = {
      requestId,
      // A request recorded before versions follows the one before it.
      parentRequestId: named !== null && known.has(named) ? named : row ? null : previous,
      question: question?.content ?? '',
      ...(names.length > 0 ? { imageNames: names.slice(0, conversationFileLimits.imagesPerTurn) } : {}),
      answer: answer?.content ?? null,
      model: row?.model ?? null,
      assistantId: row?.assistant_id ?? null,
      at: (question ?? answer)?.at.toISOString() ?? new Date(0).toISOString(),
      tokensIn: row?.tokens_in ?? null,
      tokensOut: row?.tokens_out ?? null,
      cost: row?.cost ?? null,
      chosen: row?.chosen ?? false,
    };
    previous = requestId;
    return turn;
  });
};

const exportedOf = async (db: Db, owner: string, row: ConversationRow): Promise<ExportedConversation> => {
  const turns = await turnsOf(db, owner, row.conversation_id);
  const first = turns.map((t) => t.at).sort()[0];
  return {
    id: row.conversation_id,
    name: row.name ?? 'Untitled',
    storage: 'future-cloud',
    createdAt: first ?? row.updated_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    turns,
  };
};

const cloudConversations = (db: Db, owner: string) =>
  db
    .selectFrom('rm_conversations')
    .select(['conversation_id', 'name', 'updated_at'])
    .where('owner', '=', owner)
    .where('storage', '=', 'future-cloud');

/** One of `owner`'s cloud conversations as exported (every version of every turn); null: no such one. */
export const readExportedConversation = async (
  db: Db,
  owner: string,
  conversationId: string,
): Promise<ExportedConversation | null> => {
  const row = await cloudConversations(db, owner)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row ? exportedOf(db, owner, row) : null;
};

/** The file's head and tail around its conversations, as JSON text. */
const fileHead = (exportedAt: string) =>
  `{"format":${JSON.stringify(conversationFileFormat)},"version":${conversationFileVersion},` +
  `"exportedAt":${JSON.stringify(exportedAt)},"conversations":[`;

/**
 * All of `owner`'s cloud conversations as one conversations file, written a conversation at a time
 * (never all in memory): the newest `conversationFileLimits.conversations` (what one import takes).
 */
export async function* exportedConversationsFile(
  db: Db,
  owner: string,
  exportedAt: string,
): AsyncGenerator<string> {
  const rows = await cloudConversations(db, owner)
    .orderBy('updated_at', 'desc')
    .orderBy('conversation_id')
    .limit(conversationFileLimits.conversations)
    .execute();
  yield fileHead(exportedAt);
  for (const [i, row] of rows.entries())
    yield `${i === 0 ? '' : ','}${JSON.stringify(await exportedOf(db, owner, row))}`;
  yield ']}';
}

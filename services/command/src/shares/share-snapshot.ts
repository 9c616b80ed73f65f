import { shareLimits, type SharedTurn, type ShareSnapshot } from '@app/contracts';
import type { Db } from '@app/platform';

/** A request of the conversation as the read models keep it: its place in the tree and its text. */
export interface TreeTurn {
  requestId: string;
  parentRequestId: string | null;
  chosen: boolean;
  turn: SharedTurn;
}

/** The turn read after `parent`: the one the owner turned to, else the newest (as contracts' `readVersion`). */
const shownAfter = (children: ReadonlyMap<string | null, TreeTurn[]>, parent: string | null) => {
  const siblings = children.get(parent) ?? [];
  return (siblings.find((s) => s.chosen) ?? siblings.at(-1))?.requestId;
};

/** The thread shown: from the first turn down, at each turn the version turned to (else the newest). */
export const shownThread = (turns: readonly TreeTurn[]): SharedTurn[] => {
  const children = new Map<string | null, TreeTurn[]>();
  for (const t of turns) children.set(t.parentRequestId, [...(children.get(t.parentRequestId) ?? []), t]);
  const byId = new Map(turns.map((t) => [t.requestId, t]));
  const thread: SharedTurn[] = [];
  const seen = new Set<string>();
  let next = shownAfter(children, null);
  while (next !== undefined && !seen.has(next) && thread.length < shareLimits.turns) {
    seen.add(next);
    const at = byId.get(next);
    if (at === undefined) break;
    thread.push(at.turn);
    next = shownAfter(children, next);
  }
  return thread;
};

/**
 * The requests of one of `owner`'s cloud conversations from the read models (turns and messages,
 * in the conversation's order): each with its model, time and the names of what was attached.
 */
const treeOf = async (db: Db, owner: string, conversationId: string): Promise<TreeTurn[]> => {
  const turnRows = await db
    .selectFrom('rm_conversation_turns')
    .select(['request_id', 'parent_request_id', 'chosen', 'model'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .execute();
  const messages = await db
    .selectFrom('rm_conversation_messages')
    .select(['request_id', 'role', 'content', 'at', 'images'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .orderBy('position')
    .orderBy('ordinal')
    .execute();
  const rows = new Map(turnRows.map((t) => [t.request_id, t]));
  const order = [...new Set(messages.map((m) => m.request_id))];
  const known = new Set(order);
  let previous: string | null = null;
  return order.map((requestId) => {
    const row = rows.get(requestId);
    const own = messages.filter((m) => m.request_id === requestId);
    const question = own.find((m) => m.role === 'user');
    const answer = own.find((m) => m.role === 'assistant');
    const documents = (question?.images ?? [])
      .flatMap((i) => (i.name ? [i.name.slice(0, 300)] : []))
      .slice(0, shareLimits.documentsPerTurn);
    const named = row ? row.parent_request_id : previous;
    // A request recorded before versions follows the one before it.
    const parentRequestId = named !== null && known.has(named) ? named : row ? null : previous;
    previous = requestId;
    return {
      requestId,
      parentRequestId,
      chosen: row?.chosen ?? false,
      turn: {
        question: question?.content ?? '',
        answer: answer?.content ?? null,
        model: row?.model?.slice(0, 200) ?? null,
        at: (question ?? answer)?.at.toISOString() ?? new Date(0).toISOString(),
        documents,
      },
    };
  });
};

/**
 * The snapshot of one of `owner`'s cloud conversations as it is shown now: its name and the thread
 * of the versions turned to; null when they have no such conversation in the cloud.
 */
export const snapshotOf = async (
  db: Db,
  owner: string,
  conversationId: string,
  sharedAt: string,
): Promise<ShareSnapshot | null> => {
  const row = await db
    .selectFrom('rm_conversations')
    .select(['name'])
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .where('storage', '=', 'future-cloud')
    .executeTakeFirst();
  if (!row) return null;
  const turns = shownThread(await treeOf(db, owner, conversationId));
  return { name: (row.name ?? 'Untitled').slice(0, 200), owner, sharedAt, turns };
};

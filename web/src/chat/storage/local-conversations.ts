import { createStore, del, get, getMany, keys, update, type UseStore } from 'idb-keyval';
import type { ChatTurn, LocalConversation } from '../model/types';
import type { BrowserConversation } from '../model/conversation-list';

/**
 * The conversations kept in this browser ('future-local'): one IndexedDB entry per conversation,
 * under the signed-in user's email, so two users of one browser never see each other's.
 */
let store: UseStore | null = null;
const chatStore = (): UseStore => (store ??= createStore('amplify-chat', 'conversations'));

const prefix = (email: string) => `${email}\u0000`;
const keyOf = (email: string, conversationId: string) => `${prefix(email)}${conversationId}`;

const isConversation = (value: unknown): value is LocalConversation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LocalConversation).id === 'string' &&
  typeof (value as LocalConversation).name === 'string' &&
  Array.isArray((value as LocalConversation).messages);

export async function listLocalConversations(email: string): Promise<BrowserConversation[]> {
  const all = await keys<IDBValidKey>(chatStore());
  const mine = all.filter((k): k is string => typeof k === 'string' && k.startsWith(prefix(email)));
  const values = await getMany<unknown>(mine, chatStore());
  return values
    .filter(isConversation)
    .map(({ id, name, updatedAt }) => ({ id, name, updatedAt, storage: 'future-local' as const }));
}

/** The versions turned to as kept (request ids by turn); anything else there is left out. */
const chosenOf = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

const asConversation = (value: unknown): LocalConversation | null =>
  isConversation(value) ? { ...value, chosen: chosenOf(value.chosen) } : null;

export async function readLocalConversation(email: string, id: string): Promise<LocalConversation | null> {
  return asConversation(await get<unknown>(keyOf(email, id), chatStore()));
}

export const deleteLocalConversation = (email: string, id: string): Promise<void> =>
  del(keyOf(email, id), chatStore());

/**
 * Changes a kept conversation in one IndexedDB transaction, so two changes at once (an answer being
 * stored while the user turns to another version, two tabs) never overwrite each other. `change`
 * gets the kept conversation (null: none) and answers the new one (null: leave it as it is).
 */
async function changeLocalConversation(
  email: string,
  id: string,
  change: (current: LocalConversation | null) => LocalConversation | null,
): Promise<LocalConversation | null> {
  let result: LocalConversation | null = null;
  await update<unknown>(
    keyOf(email, id),
    (old) => {
      result = change(asConversation(old));
      return result ?? old;
    },
    chatStore(),
  );
  return result;
}

/**
 * Puts messages into a conversation, each replacing the one with its id (so writing the same
 * answer twice, from two tabs, keeps one), creating the conversation when it is new.
 */
export async function putLocalMessages(
  email: string,
  conversation: Pick<LocalConversation, 'id' | 'name'>,
  messages: readonly ChatTurn[],
  now: string,
): Promise<LocalConversation> {
  const created: LocalConversation = {
    id: conversation.id,
    name: conversation.name,
    createdAt: now,
    updatedAt: now,
    messages: [],
  };
  const next = await changeLocalConversation(email, conversation.id, (current) => {
    const base = current ?? created;
    return { ...base, updatedAt: now, messages: upsertTurns(base.messages, messages) };
  });
  return next ?? created;
}

/** Keeps the version of a turn (`key`: `versionKey` of its parent) the user turned to; null: no such conversation. */
export const putLocalChosen = (
  email: string,
  conversationId: string,
  key: string,
  requestId: string,
): Promise<LocalConversation | null> =>
  changeLocalConversation(email, conversationId, (current) =>
    current === null ? null : { ...current, chosen: { ...current.chosen, [key]: requestId } },
  );

/** Renames a kept conversation; null: no such conversation. */
export const renameLocalConversation = (
  email: string,
  id: string,
  name: string,
): Promise<LocalConversation | null> =>
  changeLocalConversation(email, id, (current) => (current === null ? null : { ...current, name }));

/** Messages with `added` put in: a message with a known id replaces it in place, others go last. */
export const upsertTurns = (messages: readonly ChatTurn[], added: readonly ChatTurn[]): ChatTurn[] => {
  const next = [...messages];
  for (const turn of added) {
    const at = next.findIndex((m) => m.id === turn.id);
    if (at === -1) next.push(turn);
    else next[at] = turn;
  }
  return next;
};

/** Keeps a whole conversation (an import, a conversation moved here from the cloud), replacing any with its id. */
export async function putLocalConversation(email: string, conversation: LocalConversation): Promise<void> {
  await changeLocalConversation(email, conversation.id, () => conversation);
}

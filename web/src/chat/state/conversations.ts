import { atom } from 'jotai';
import type { ConversationSummary } from '@app/contracts';
import { fetchConversationMessages, fetchConversations } from '../../api/conversations';
import { errorText } from '../../api/http';
import { answeredNotFound } from '../../api/relay';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { mergeConversations, type BrowserConversation } from '../model/conversation-list';
import { turnId, type ChatTurn, type ConversationListItem } from '../model/types';
import { keepSavedRatingsAtom, loadSavedRatingsAtom, type Rating } from '../message-actions/ratings';
import { listLocalConversations, readLocalConversation } from '../storage/local-conversations';
import { versionKey, type ChosenVersions } from '../versions/tree';

/** The server's list (usage of every conversation, names of cloud ones); null until loaded. */
export const serverConversationsAtom = atom<ConversationSummary[] | null>(null);
/** The conversations this browser holds (IndexedDB). */
export const localConversationsAtom = atom<BrowserConversation[]>([]);
/** Cloud conversations started in this tab, until the server lists them. */
export const newCloudConversationsAtom = atom<BrowserConversation[]>([]);
/** Why the list could not be loaded. */
export const conversationsErrorAtom = atom<string | null>(null);

export const conversationListAtom = atom<ConversationListItem[]>((get) =>
  mergeConversations(get(serverConversationsAtom) ?? [], [
    ...get(localConversationsAtom),
    ...get(newCloudConversationsAtom),
  ]),
);

/** Conversations' messages loaded in this tab, by conversation id. */
export const conversationMessagesAtom = atom<Record<string, ChatTurn[]>>({});

/** The versions the user turned to in conversations loaded in this tab, by conversation id. */
export const chosenVersionsAtom = atom<Record<string, ChosenVersions>>({});

export const setChosenVersionsAtom = atom(null, (get, set, id: string, chosen: ChosenVersions | null) => {
  const { [id]: _old, ...rest } = get(chosenVersionsAtom);
  set(chosenVersionsAtom, chosen === null ? rest : { ...rest, [id]: chosen });
});

/** Why the shown conversation's messages could not be loaded. */
export const messagesErrorAtom = atom<string | null>(null);

export const activeConversationAtom = atom<ConversationListItem | null>((get) => {
  const id = get(activeConversationIdAtom);
  return id === null ? null : (get(conversationListAtom).find((c) => c.id === id) ?? null);
});

export const refreshServerConversationsAtom = atom(null, async (get, set) => {
  try {
    const server = await fetchConversations();
    set(serverConversationsAtom, server);
    const listed = new Set(server.map((s) => s.id));
    set(
      newCloudConversationsAtom,
      get(newCloudConversationsAtom).filter((c) => !listed.has(c.id)),
    );
    set(conversationsErrorAtom, null);
  } catch (e) {
    if (answeredNotFound(e)) set(serverConversationsAtom, []);
    else set(conversationsErrorAtom, errorText(e));
  }
});

export const refreshLocalConversationsAtom = atom(null, async (get, set) => {
  try {
    set(localConversationsAtom, await listLocalConversations(get(userEmailAtom)));
  } catch (e) {
    set(conversationsErrorAtom, errorText(e));
  }
});

export const setConversationMessagesAtom = atom(null, (get, set, id: string, messages: ChatTurn[] | null) => {
  const { [id]: _old, ...rest } = get(conversationMessagesAtom);
  set(conversationMessagesAtom, messages === null ? rest : { ...rest, [id]: messages });
});

type CloudMessages = Awaited<ReturnType<typeof fetchConversationMessages>>;

const cloudTurns = (messages: CloudMessages): ChatTurn[] =>
  messages.map((m) => ({
    id: turnId(m.requestId, m.role),
    role: m.role,
    content: m.content,
    requestId: m.requestId,
    parentRequestId: m.parentRequestId,
    at: m.at,
    ...(m.images ? { images: m.images } : {}),
  }));

/** The versions the user last turned to, as the server kept them (their messages are `chosen`). */
const cloudChosen = (messages: CloudMessages): ChosenVersions =>
  Object.fromEntries(
    messages.filter((m) => m.chosen).map((m) => [versionKey(m.parentRequestId), m.requestId]),
  );

/** The user's ratings of the answers, as the server kept them. */
const cloudRatings = (messages: CloudMessages): Record<string, Rating> => {
  const rated: Record<string, Rating> = {};
  for (const m of messages) if (m.rating) rated[m.requestId] = m.rating;
  return rated;
};

/**
 * Loads a conversation's messages: from this browser for a local one; from the server for a cloud
 * one this tab has not loaded yet (`fresh`: again, another tab changed it).
 */
export const loadConversationMessagesAtom = atom(null, async (get, set, id: string, fresh = false) => {
  const item = get(conversationListAtom).find((c) => c.id === id);
  const setError = (error: string | null) => {
    if (get(activeConversationIdAtom) === id) set(messagesErrorAtom, error);
  };
  try {
    if (item?.storage === 'future-cloud') {
      if (!fresh && get(conversationMessagesAtom)[id]) return;
      const messages = await fetchConversationMessages(id);
      set(setConversationMessagesAtom, id, cloudTurns(messages));
      set(setChosenVersionsAtom, id, cloudChosen(messages));
      set(keepSavedRatingsAtom, cloudRatings(messages));
    } else {
      const local = await readLocalConversation(get(userEmailAtom), id);
      set(setConversationMessagesAtom, id, local?.messages ?? []);
      set(setChosenVersionsAtom, id, local?.chosen ?? {});
      // The server keeps a local conversation's ratings, not its messages: read on their own.
      void set(loadSavedRatingsAtom, id);
    }
    setError(null);
  } catch (e) {
    if (!answeredNotFound(e)) setError(errorText(e));
  }
});

export const openConversationAtom = atom(null, async (_get, set, id: string | null) => {
  set(activeConversationIdAtom, id);
  set(messagesErrorAtom, null);
  if (id !== null) await set(loadConversationMessagesAtom, id);
});

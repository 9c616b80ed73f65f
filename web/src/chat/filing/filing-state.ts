import { atom } from 'jotai';
import type { ConversationFiling, ConversationFolder, FilingCommandResponse } from '@app/contracts';
import {
  createFolder,
  deleteFolder,
  fetchConversationFiling,
  fileConversation,
  pinConversation,
  renameFolder,
  tagConversation,
} from '../../api/conversation-filing';
import { errorText } from '../../api/http';
import { answeredNotFound } from '../../api/relay';
import { pushToastAtom } from '../../state/toasts';

/** The user's folders and their conversations' filing, as the server keeps them; null until loaded. */
export interface FilingView {
  folders: ConversationFolder[];
  /** By conversation id. */
  byConversation: Record<string, ConversationFiling>;
}

export const filingAtom = atom<FilingView | null>(null);

/** The tag the list is filtered by (a tag chip clicked); null: every conversation. */
export const tagFilterAtom = atom<string | null>(null);

/** Folders folded away, by id (this tab only). */
export const collapsedFoldersAtom = atom<Record<string, boolean>>({});

export const noFiling: ConversationFiling = { conversationId: '', folderId: null, pinned: false, tags: [] };

/** A conversation's filing: unfiled, unpinned, untagged when the server keeps none. */
export const filingOf = (view: FilingView | null, conversationId: string): ConversationFiling =>
  (view && Object.hasOwn(view.byConversation, conversationId)
    ? view.byConversation[conversationId]
    : undefined) ?? { ...noFiling, conversationId };

/** Reads the filing again (after `waitFor`, a command's position, when given). */
export const refreshFilingAtom = atom(null, async (_get, set, waitFor?: string) => {
  try {
    const data = await fetchConversationFiling(waitFor);
    set(filingAtom, {
      folders: data.folders,
      byConversation: Object.fromEntries(data.conversations.map((c) => [c.conversationId, c])),
    });
  } catch (e) {
    // A server without the route yet: no folders.
    if (answeredNotFound(e)) set(filingAtom, { folders: [], byConversation: {} });
  }
});

/**
 * Runs a filing command, then reads the filing once it shows it. A refusal is answered (a dialog shows
 * it) and, with `toast`, shown as a toast too (a menu's action has nowhere else to say it).
 */
const filingCommand = <A>(run: (args: A) => Promise<FilingCommandResponse>, toast = true) =>
  atom(null, async (_get, set, args: A): Promise<{ error: string | null; folderId?: string }> => {
    try {
      const answer = await run(args);
      await set(refreshFilingAtom, answer.position === '0' ? undefined : answer.position);
      return { error: null, ...(answer.folderId ? { folderId: answer.folderId } : {}) };
    } catch (e) {
      const error = errorText(e);
      if (toast) set(pushToastAtom, { tone: 'error', message: error });
      return { error };
    }
  });

export const createFolderAtom = filingCommand((name: string) => createFolder({ name }), false);
export const renameFolderAtom = filingCommand(
  (a: { folderId: string; name: string }) => renameFolder(a),
  false,
);
export const deleteFolderAtom = filingCommand((folderId: string) => deleteFolder({ folderId }));
export const fileConversationAtom = filingCommand((a: { conversationId: string; folderId: string | null }) =>
  fileConversation(a),
);
export const pinConversationAtom = filingCommand((a: { conversationId: string; pinned: boolean }) =>
  pinConversation({ conversationId: a.conversationId }, a.pinned),
);
export const tagConversationAtom = filingCommand(
  (a: { conversationId: string; tag: string; tagged: boolean }) =>
    tagConversation({ conversationId: a.conversationId, tag: a.tag }, a.tagged),
);

/** Sign-out: nothing of this user's filing stays. */
export const resetFilingAtom = atom(null, (_get, set) => {
  set(filingAtom, null);
  set(tagFilterAtom, null);
  set(collapsedFoldersAtom, {});
});

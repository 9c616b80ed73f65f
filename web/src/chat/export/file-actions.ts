import { atom } from 'jotai';
import {
  conversationFileLimits,
  conversationMarkdown,
  conversationFileMessages,
  type ConversationStorage,
  type ImportProblem,
} from '@app/contracts';
import { errorText } from '../../api/http';
import {
  fetchAllConversationsFile,
  fetchConversationFile,
  fetchConversationMarkdown,
  postImport,
} from '../../api/conversation-files';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { pushToastAtom } from '../../state/toasts';
import { downloadText } from '../../ui/download';
import { deleteConversationAtom } from '../actions/conversation-actions';
import type { ConversationListItem } from '../model/types';
import {
  openConversationAtom,
  refreshLocalConversationsAtom,
  refreshServerConversationsAtom,
} from '../state/conversations';
import {
  listLocalConversations,
  putLocalConversation,
  readLocalConversation,
} from '../storage/local-conversations';
import { postToTabs } from '../storage/tab-channel';
import { conversationFileOf, exportedOfLocal, localOfExported, mergedFile } from './local-file';
import { exportText } from './export-text';

const json = 'application/json';
const markdown = 'text/markdown';

/** A download's file name: the conversation's name in letters, digits and dashes. */
export const fileNameOf = (name: string, extension: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug === '' ? 'conversation' : slug}.${extension}`;
};

/**
 * Exports one conversation as a download (JSON or Markdown): a cloud one from the server, a local one
 * built here from what this browser keeps. One kept in another browser has nothing here to export.
 */
export const exportConversationAtom = atom(
  null,
  async (
    get,
    set,
    { conversation, format }: { conversation: ConversationListItem; format: 'json' | 'markdown' },
  ) => {
    const name = conversation.name ?? 'conversation';
    try {
      if (conversation.storage === 'future-cloud') {
        if (format === 'markdown')
          downloadText(await fetchConversationMarkdown(conversation.id), fileNameOf(name, 'md'), markdown);
        else
          downloadText(
            JSON.stringify(await fetchConversationFile(conversation.id), null, 2),
            fileNameOf(name, 'json'),
            json,
          );
        return;
      }
      const local = await readLocalConversation(get(userEmailAtom), conversation.id);
      if (local === null) {
        set(pushToastAtom, { tone: 'error', message: exportText.notHere });
        return;
      }
      const exported = exportedOfLocal(local);
      if (format === 'markdown')
        downloadText(conversationMarkdown(exported), fileNameOf(name, 'md'), markdown);
      else
        downloadText(
          JSON.stringify(conversationFileOf([exported], new Date().toISOString()), null, 2),
          fileNameOf(name, 'json'),
          json,
        );
    } catch (e) {
      set(pushToastAtom, { tone: 'error', message: errorText(e) || conversationFileMessages.exportFailed });
    }
  },
);

/** Every conversation of the user, the cloud's and this browser's, in one JSON file. */
export const exportAllAtom = atom(null, async (get, set) => {
  try {
    const email = get(userEmailAtom);
    const cloud = await fetchAllConversationsFile();
    const listed = await listLocalConversations(email);
    const local = await Promise.all(listed.map((c) => readLocalConversation(email, c.id)));
    const exported = local.flatMap((c) => (c === null ? [] : [exportedOfLocal(c)]));
    downloadText(
      JSON.stringify(mergedFile(cloud, exported, new Date().toISOString()), null, 2),
      'conversations.json',
      json,
    );
  } catch (e) {
    set(pushToastAtom, { tone: 'error', message: errorText(e) || conversationFileMessages.exportFailed });
  }
});

export type ImportResult =
  { ok: true; imported: number; ids: string[] } | { ok: false; message: string; problems: ImportProblem[] };

/**
 * Imports a file's conversations (JSON already read) into the cloud, or into this browser (the
 * server checks and gives new ids; they are kept here). Nothing is kept when one cannot be read.
 */
export const importConversationsAtom = atom(
  null,
  async (
    get,
    set,
    { file, storage }: { file: unknown; storage: ConversationStorage },
  ): Promise<ImportResult> => {
    const answer = await postImport(storage, file);
    if (!answer.success) return { ok: false, message: answer.message, problems: answer.problems ?? [] };
    const email = get(userEmailAtom);
    for (const conversation of answer.conversations)
      await putLocalConversation(email, localOfExported(conversation));
    if (answer.conversations.length > 0) {
      await set(refreshLocalConversationsAtom);
      postToTabs({
        type: 'localConversationsChanged',
        email,
        conversationId: answer.conversations[0]?.id ?? '',
      });
    }
    await set(refreshServerConversationsAtom);
    return {
      ok: true,
      imported: answer.imported,
      ids: storage === 'future-cloud' ? answer.ids : answer.conversations.map((c) => c.id),
    };
  },
);

/** A chosen file's JSON, or the message saying why it cannot be imported. */
export const readChosenFile = async (file: File): Promise<{ json: unknown } | { message: string }> => {
  if (file.size > conversationFileLimits.bodyBytes) return { message: conversationFileMessages.tooLarge };
  try {
    return { json: JSON.parse(await file.text()) as unknown };
  } catch {
    return { message: conversationFileMessages.notAFile };
  }
};

/**
 * Moves a conversation to the other storage, keeping every version of every turn: a local one is
 * imported into the cloud, then deleted here; a cloud one is exported, kept in this browser, then its
 * cloud copy deleted. The moved conversation opens (under its new id).
 */
export const moveConversationAtom = atom(null, async (get, set, conversation: ConversationListItem) => {
  const email = get(userEmailAtom);
  const wasOpen = get(activeConversationIdAtom) === conversation.id;
  try {
    let file: unknown;
    if (conversation.storage === 'future-local') {
      const local = await readLocalConversation(email, conversation.id);
      if (local === null) {
        set(pushToastAtom, { tone: 'error', message: exportText.notHere });
        return;
      }
      file = conversationFileOf([exportedOfLocal(local)], new Date().toISOString());
    } else file = await fetchConversationFile(conversation.id);
    const to: ConversationStorage = conversation.storage === 'future-local' ? 'future-cloud' : 'future-local';
    const result = await set(importConversationsAtom, { file, storage: to });
    if (!result.ok) {
      set(pushToastAtom, {
        tone: 'error',
        message: [result.message, ...result.problems.map((p) => p.message)].join(' '),
      });
      return;
    }
    await set(deleteConversationAtom, conversation);
    const [movedId] = result.ids;
    if (wasOpen && movedId !== undefined) await set(openConversationAtom, movedId);
    set(pushToastAtom, { tone: 'success', message: exportText.moved(to) });
  } catch (e) {
    set(pushToastAtom, { tone: 'error', message: errorText(e) });
  }
});

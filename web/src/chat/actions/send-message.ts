import { atom } from 'jotai';
import type { ChatImage } from '@app/contracts';
import { postChat } from '../../api/chat';
import { initialAnswer } from '../model/answer';
import { buildChatRequest, conversationNameOf } from '../model/chat-request';
import { turnId } from '../model/types';
import { saveInflight, setOwned, type InflightRecord } from '../storage/inflight';
import { selectedAccountAtom } from '../../state/accounts';
import { activeConversationAtom, chosenVersionsAtom, conversationMessagesAtom } from '../state/conversations';
import { historyTo, lastShownRequest } from '../versions/tree';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { reasoningLevelAtom, selectedModelAtom } from '../../state/models';
import { conversationStorageAtom } from '../../state/user-settings';
import { runRequestAtom } from './run-request';
import { storeTurnsAtom } from './store-turns';
import { showVersionAtom } from './choose-version';
import { attachedImagesAtom, attachedSourcesAtom, takeAttachedAtom } from '../../documents';
import { chosenAssistantAtom, withAssistant } from '../../assistants';
import { settingsForRequestAtom, withConversationSettings } from '../settings';
import { mcpServersForRequestAtom, withMcpServers } from '../tools';

const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface SendOptions {
  /**
   * A new version of a turn (an edit, a regenerate): the request it follows, that turn's parent
   * (null: the first turn). Absent: the message follows the last request shown.
   */
  parentRequestId?: string | null;
  /** A new version's images: those of the message it replaces (the tray's stay for the next message). */
  images?: readonly ChatImage[];
}

/**
 * Sends the user's message in the conversation shown (a new one when none is), after the last
 * request shown or, for a new version of a turn, after that turn's parent; the model reads the
 * thread up to that request only. The question goes into the conversation, the request is saved
 * for a resume, then the answer streams in.
 */
export const sendMessageAtom = atom(null, async (get, set, text: string, options: SendOptions = {}) => {
  const model = get(selectedModelAtom);
  if (model === null || text.trim() === '') return;
  const email = get(userEmailAtom);
  const now = new Date();
  const requestId = crypto.randomUUID();
  const shown = get(activeConversationAtom);
  const conversationId = shown?.id ?? get(activeConversationIdAtom) ?? crypto.randomUUID();
  const storage = shown?.storage ?? get(conversationStorageAtom);
  const conversationName = shown?.name ?? conversationNameOf(text);
  const stored = get(conversationMessagesAtom)[conversationId] ?? [];
  const newVersion = options.parentRequestId !== undefined;
  const parentRequestId =
    options.parentRequestId !== undefined
      ? options.parentRequestId
      : lastShownRequest(stored, get(chosenVersionsAtom)[conversationId] ?? {});
  const history = historyTo(stored, parentRequestId);
  set(activeConversationIdAtom, conversationId);

  const dataSources = newVersion ? [] : get(attachedSourcesAtom);
  const images = newVersion ? [...(options.images ?? [])] : get(attachedImagesAtom);
  const built = buildChatRequest({
    model,
    history,
    userText: text,
    userImages: images,
    requestId,
    parentRequestId,
    conversationId,
    ...(storage === 'future-cloud' ? { conversationName } : {}),
    accountId: get(selectedAccountAtom).id,
    reasoningLevel: get(reasoningLevelAtom),
    now,
    timeZone: timeZone(),
  });
  // The documents attached to this message go with it (the server retrieves from them).
  const withDocuments = dataSources.length > 0 ? { ...built, dataSources } : built;
  // The assistant chosen in the picker: its id, temperature 0.7, half the model's output limit; then
  // the conversation's settings: its instructions in the system prompt, its temperature over the assistant's.
  const withSettings = withConversationSettings(
    withAssistant(withDocuments, get(chosenAssistantAtom), model.outputTokenLimit),
    set(settingsForRequestAtom, { conversationId, storage, isNew: shown === null }),
  );
  // The MCP servers turned on for the conversation (the Tools menu): their tools are offered to the model.
  const request = withMcpServers(
    withSettings,
    set(mcpServersForRequestAtom, { conversationId, isNew: shown === null }),
  );
  if (!newVersion) set(takeAttachedAtom);
  const record: InflightRecord = {
    requestId,
    conversationId,
    conversationName,
    storage,
    model: model.id,
    question: text,
    parentRequestId,
    lastEventId: null,
    answer: initialAnswer(),
    startedAt: now.toISOString(),
    savedAt: now.toISOString(),
  };
  setOwned(requestId, true);
  saveInflight(email, record);
  // A new version is the one shown (the server shows a turn's newest version until another is chosen).
  if (newVersion) await set(showVersionAtom, { conversationId, storage, parentRequestId, requestId });
  await set(storeTurnsAtom, {
    conversationId,
    storage,
    name: conversationName,
    turns: [
      {
        id: turnId(requestId, 'user'),
        role: 'user',
        content: text,
        requestId,
        parentRequestId,
        at: record.startedAt,
        ...(images.length > 0 ? { images } : {}),
      },
    ],
  });
  await set(runRequestAtom, { record, owned: true, first: postChat(request) });
});

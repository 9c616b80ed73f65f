import { atom } from 'jotai';
import { postChat } from '../../api/chat';
import { initialAnswer } from '../model/answer';
import { buildChatRequest, conversationNameOf } from '../model/chat-request';
import { turnId } from '../model/types';
import { saveInflight, setOwned, type InflightRecord } from '../storage/inflight';
import { selectedAccountAtom } from '../../state/accounts';
import { activeConversationAtom, conversationMessagesAtom } from '../state/conversations';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { reasoningLevelAtom, selectedModelAtom } from '../../state/models';
import { conversationStorageAtom } from '../../state/user-settings';
import { runRequestAtom } from './run-request';
import { storeTurnsAtom } from './store-turns';
import { attachedImagesAtom, attachedSourcesAtom, takeAttachedAtom } from '../../documents';
import { chosenAssistantAtom, withAssistant } from '../../assistants';

const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Sends the user's message in the conversation shown (a new one when none is): the question goes
 * into the conversation, the request is saved for a resume, then the answer streams in.
 */
export const sendMessageAtom = atom(null, async (get, set, text: string) => {
  const model = get(selectedModelAtom);
  if (model === null || text.trim() === '') return;
  const email = get(userEmailAtom);
  const now = new Date();
  const requestId = crypto.randomUUID();
  const shown = get(activeConversationAtom);
  const conversationId = shown?.id ?? get(activeConversationIdAtom) ?? crypto.randomUUID();
  const storage = shown?.storage ?? get(conversationStorageAtom);
  const conversationName = shown?.name ?? conversationNameOf(text);
  const history = get(conversationMessagesAtom)[conversationId] ?? [];
  set(activeConversationIdAtom, conversationId);

  const dataSources = get(attachedSourcesAtom);
  const images = get(attachedImagesAtom);
  const built = buildChatRequest({
    model,
    history,
    userText: text,
    userImages: images,
    requestId,
    conversationId,
    ...(storage === 'future-cloud' ? { conversationName } : {}),
    accountId: get(selectedAccountAtom).id,
    reasoningLevel: get(reasoningLevelAtom),
    now,
    timeZone: timeZone(),
  });
  // The documents attached to this message go with it (the server retrieves from them).
  const withDocuments = dataSources.length > 0 ? { ...built, dataSources } : built;
  // The assistant chosen in the picker: its id, temperature 0.7, half the model's output limit.
  const request = withAssistant(withDocuments, get(chosenAssistantAtom), model.outputTokenLimit);
  set(takeAttachedAtom);
  const record: InflightRecord = {
    requestId,
    conversationId,
    conversationName,
    storage,
    model: model.id,
    question: text,
    lastEventId: null,
    answer: initialAnswer(),
    startedAt: now.toISOString(),
    savedAt: now.toISOString(),
  };
  setOwned(requestId, true);
  saveInflight(email, record);
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
        at: record.startedAt,
        ...(images.length > 0 ? { images } : {}),
      },
    ],
  });
  await set(runRequestAtom, { record, owned: true, first: postChat(request) });
});

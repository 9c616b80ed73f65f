import { useAtomValue, useSetAtom } from 'jotai';
import { conversationStorageLabels, conversationStorages, type ConversationStorage } from '@app/contracts';
import { chooseConversationStorageAtom, conversationStorageAtom } from '../../state/user-settings';

/** Where new conversations are kept: Local (this browser) or Cloud (the server), in the user's settings. */
export function StorageChoice() {
  const storage = useAtomValue(conversationStorageAtom);
  const choose = useSetAtom(chooseConversationStorageAtom);
  return (
    <select
      className="input chat-storage"
      aria-label="Conversation storage"
      title="Where new conversations are kept"
      value={storage}
      onChange={(e) => void choose(e.target.value as ConversationStorage)}
    >
      {conversationStorages.map((s) => (
        <option key={s} value={s}>
          {conversationStorageLabels[s]}
        </option>
      ))}
    </select>
  );
}

import { useAtomValue, useSetAtom } from 'jotai';
import { conversationStorageLabels, conversationStorages } from '@app/contracts';
import { SelectField } from '../../ui/SelectField';
import { chatText } from '../chat-text';
import { chooseConversationStorageAtom, conversationStorageAtom } from '../../state/user-settings';

/** Where new conversations are kept: Local (this browser) or Cloud (the server), in the user's settings. */
export function StorageChoice() {
  const storage = useAtomValue(conversationStorageAtom);
  const choose = useSetAtom(chooseConversationStorageAtom);
  return (
    <SelectField
      label="Conversation storage"
      className="menu-field"
      controlClassName="input chat-storage"
      hint={chatText.storageHint}
      value={storage}
      options={conversationStorages}
      optionLabel={(s) => conversationStorageLabels[s]}
      onChange={(s) => void choose(s)}
    />
  );
}

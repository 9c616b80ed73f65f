import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { conversationStorageLabels, conversationStorageOptions } from '@app/contracts';
import { sections } from '../../../state/sections';
import { ConfigCard } from '../config-card/ConfigCard';

/** Default User Conversation Storage: Local (future-local) or Cloud (future-cloud). */
export function ConversationStorageCard() {
  const storage = useAtomValue(sections.defaultConversationStorage.value);
  const edit = useSetAtom(sections.defaultConversationStorage.edit);
  const name = useId();
  const leadId = useId();
  return (
    <ConfigCard section="defaultConversationStorage">
      <p id={leadId} className="muted card-lead">
        Where new users&apos; conversations are kept unless they choose otherwise.
      </p>
      <div role="radiogroup" aria-label="Default storage" aria-describedby={leadId} className="radio-row">
        {conversationStorageOptions.map((option) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name={name}
              value={option}
              checked={storage === option}
              onChange={() => edit(() => option)}
            />
            {conversationStorageLabels[option]}
          </label>
        ))}
      </div>
    </ConfigCard>
  );
}

import { useEffect } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { sessionAtom } from '../../state/session';
import { AssistantPageNotice } from '../page/AssistantPageNotice';
import { useAssistantPage } from '../page/use-assistant-page';
import {
  assistantsAtom,
  chosenAssistantAtom,
  loadAssistantsAtom,
  openedAssistantAtom,
  resetAssistantsAtom,
} from '../state/assistants';
import { pickerGroups, shownOption } from './picker-options';
import '../assistants.css';

/**
 * The assistant used in the chat (Standard Conversation by default: 'No assistant will be used.'),
 * the user's assistants, and the page at `/assistants/{path}` that opens the chat with one (the
 * assistants themselves are managed from `AssistantsButton`, in the account menu).
 */
export function AssistantPicker() {
  const me = useAtomValue(sessionAtom)?.email ?? '';
  const assistants = useAtomValue(assistantsAtom);
  const opened = useAtomValue(openedAssistantAtom);
  const [choice, choose] = useAtom(chosenAssistantAtom);
  const load = useSetAtom(loadAssistantsAtom);
  const reset = useSetAtom(resetAssistantsAtom);
  const [page, leavePage] = useAssistantPage();

  useEffect(() => {
    void load();
    return reset;
  }, [load, reset]);

  const groups = pickerGroups(assistants ?? [], me, opened);
  const shown = shownOption(groups, choice);
  return (
    <div className="assistant-picker">
      <select
        className="input"
        aria-label="Assistant"
        title={shown.description}
        value={shown.id}
        onChange={(e) => choose(e.target.value)}
      >
        {groups.map((group) =>
          group.label === '' ? (
            group.options.map((o) => (
              <option key={o.id} value={o.id} title={o.description}>
                {o.name}
              </option>
            ))
          ) : (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((o) => (
                <option key={o.id} value={o.id} title={o.description}>
                  {o.name}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </select>
      <span className="assistant-picker-description muted" aria-label="Assistant description">
        {shown.description}
      </span>
      <AssistantPageNotice state={page} onLeave={leavePage} />
    </div>
  );
}

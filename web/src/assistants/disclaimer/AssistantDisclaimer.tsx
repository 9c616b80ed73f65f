import { useAtomValue } from 'jotai';
import { chosenAssistantDefinitionAtom } from '../state/assistants';
import { shownDisclaimer } from './assistant-disclaimer';
import '../assistants.css';

/** The chosen assistant's disclaimer, small and muted above the chat's input, seen before sending. */
export function AssistantDisclaimer() {
  const text = shownDisclaimer(useAtomValue(chosenAssistantDefinitionAtom));
  if (text === null) return null;
  return (
    <p className="assistant-disclaimer muted" role="note" aria-label="Assistant disclaimer">
      {text}
    </p>
  );
}

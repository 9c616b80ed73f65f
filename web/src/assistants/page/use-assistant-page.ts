import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { assistantLookupMessages } from '@app/contracts';
import { lookupAssistant } from '../../api/assistants';
import { answeredSignedOut } from '../../api/http';
import { chosenAssistantAtom, openedAssistantAtom } from '../state/assistants';
import { assistantPathOfLocation, type AssistantPageState } from './assistant-page';

/**
 * The page at `/assistants/{path}`: looks the path up once and opens the chat with that assistant,
 * or says why not ('Assistant not found at this path', the refusal of a restricted one).
 */
export function useAssistantPage(): [AssistantPageState, () => void] {
  const [path] = useState(() => assistantPathOfLocation(window.location.pathname));
  const [state, setState] = useState<AssistantPageState>(() =>
    path === null ? { kind: 'none' } : { kind: 'looking', path },
  );
  const choose = useSetAtom(chosenAssistantAtom);
  const setOpened = useSetAtom(openedAssistantAtom);

  useEffect(() => {
    if (path === null) return;
    let gone = false;
    lookupAssistant(path).then(
      (outcome) => {
        if (gone) return;
        if (outcome.kind === 'refused') {
          setState({ kind: 'refused', path, message: outcome.message });
          return;
        }
        setOpened(outcome.result.definition);
        choose(outcome.result.assistantId);
        setState({ kind: 'opened', path, name: outcome.result.name });
      },
      (e: unknown) => {
        if (!gone && !answeredSignedOut(e))
          setState({ kind: 'refused', path, message: assistantLookupMessages.failed });
      },
    );
    return () => {
      gone = true;
    };
  }, [path, choose, setOpened]);

  /** Leaves the assistant page for the plain chat (the address too). */
  const leave = () => {
    window.history.replaceState(null, '', '/');
    setState({ kind: 'none' });
  };
  return [state, leave];
}

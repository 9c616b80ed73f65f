import { atom } from 'jotai';
import { standardConversation, type AssistantDefinition } from '@app/contracts';
import { listAssistants } from '../../api/assistants';
import { errorText } from '../../api/http';
import { isStandardConversation, type AssistantChoice } from './assistant-request';

/** The assistants the user may pick: built-ins, their own and shared ones (null until read). */
export const assistantsAtom = atom<AssistantDefinition[] | null>(null);
export const assistantsErrorAtom = atom<string | null>(null);

/** The assistant chosen in the chat; the Standard Conversation by default. */
export const chosenAssistantAtom = atom<AssistantChoice>(standardConversation.id);

/**
 * An assistant opened at its path (`/assistants/{path}`) that is not in the list (published to the
 * user by someone else): kept so the picker can name it.
 */
export const openedAssistantAtom = atom<AssistantDefinition | null>(null);

/** The chosen assistant's definition; null for the Standard Conversation. */
export const chosenAssistantDefinitionAtom = atom<AssistantDefinition | null>((get) => {
  const choice = get(chosenAssistantAtom);
  if (isStandardConversation(choice)) return null;
  const opened = get(openedAssistantAtom);
  if (opened?.assistantId === choice) return opened;
  return get(assistantsAtom)?.find((a) => a.assistantId === choice) ?? null;
});

export const loadAssistantsAtom = atom(null, async (_get, set) => {
  try {
    set(assistantsAtom, await listAssistants());
    set(assistantsErrorAtom, null);
  } catch (e) {
    set(assistantsErrorAtom, errorText(e));
  }
});

/** Nothing of the user stays once the chat goes (sign-out): the next user starts from the Standard Conversation. */
export const resetAssistantsAtom = atom(null, (_get, set) => {
  set(assistantsAtom, null);
  set(assistantsErrorAtom, null);
  set(openedAssistantAtom, null);
  set(chosenAssistantAtom, standardConversation.id);
});

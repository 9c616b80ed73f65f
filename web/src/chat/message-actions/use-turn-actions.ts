import { useSetAtom } from 'jotai';
import { chooseVersionAtom } from '../actions/choose-version';
import { sendMessageAtom } from '../actions/send-message';
import type { TurnContext } from './turn-context';

/**
 * A turn's actions: send a new version of it (edited, or the same question again, with the images
 * of the message it replaces), turn to another version.
 */
export function useTurnActions({ turn, conversationId, storage }: TurnContext) {
  const send = useSetAtom(sendMessageAtom);
  const choose = useSetAtom(chooseVersionAtom);
  const parentRequestId = turn.parentRequestId;
  return {
    sendVersion: (text: string) => void send(text, { parentRequestId, images: turn.user?.images ?? [] }),
    turnTo: (requestId: string) => void choose({ conversationId, storage, parentRequestId, requestId }),
  };
}

import { atom } from 'jotai';
import { defaultAccount } from '@app/contracts';
import { accountsAtom, chosenAccountIdAtom } from '../../state/accounts';
import {
  chosenVersionsAtom,
  conversationMessagesAtom,
  conversationsErrorAtom,
  localConversationsAtom,
  messagesErrorAtom,
  newCloudConversationsAtom,
  serverConversationsAtom,
} from './conversations';
import { activeConversationIdAtom } from '../../state/active-conversation';
import { chosenModelIdAtom, modelsErrorAtom } from '../../state/models';
import { userSettingsAtom } from '../../state/user-settings';
import { spendAtom } from './spend';
import { forgetRatingsAtom } from '../message-actions/ratings';
import { liveAnswersAtom, streamControllers } from './streams';
import { resetFilingAtom } from '../filing/filing-state';

/** Why a stream's reading was aborted when the screen went (sign-out): not a stop, nothing to write. */
export const detachedReason = 'detached';

/**
 * The chat screen went (its user signed out): streams stop being read here (they go on on the
 * server; the next sign-in resumes them) and nothing of this user stays for the next one.
 */
export const resetChatAtom = atom(null, (_get, set) => {
  for (const controller of streamControllers.values()) controller.abort(detachedReason);
  streamControllers.clear();
  set(liveAnswersAtom, {});
  set(serverConversationsAtom, null);
  set(localConversationsAtom, []);
  set(newCloudConversationsAtom, []);
  set(conversationsErrorAtom, null);
  set(activeConversationIdAtom, null);
  set(conversationMessagesAtom, {});
  set(chosenVersionsAtom, {});
  set(forgetRatingsAtom);
  set(messagesErrorAtom, null);
  set(chosenModelIdAtom, null);
  set(modelsErrorAtom, null);
  set(accountsAtom, [defaultAccount()]);
  set(chosenAccountIdAtom, null);
  set(userSettingsAtom, null);
  set(spendAtom, null);
  set(resetFilingAtom);
});

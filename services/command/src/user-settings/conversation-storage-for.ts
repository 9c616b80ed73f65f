import {
  defaultConversationStorageStreamId,
  userSettingsStreamId,
  type ConversationStorage,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { conversationStorageDecider } from '../configurations/index';
import { loadState } from '../shared/stream-state';
import { userSettingsDecider } from './user-settings-decider';

/**
 * Where a new conversation of `email` is kept: their own choice (their settings stream), else the
 * admin's Default User Conversation Storage (its stream; 'future-local' until an admin sets it).
 * Read from the streams, so a choice saved a moment ago already counts.
 */
export const conversationStorageFor = async (db: Db, email: string): Promise<ConversationStorage> => {
  const own = (await loadState(db, userSettingsDecider, userSettingsStreamId(email))).state
    .conversationStorage;
  if (own !== null) return own;
  return (await loadState(db, conversationStorageDecider, defaultConversationStorageStreamId)).state;
};

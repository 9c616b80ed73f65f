import type { EventMetadata, RateLimit } from '@app/contracts';
import { recordApiKeyRefusal, type Db } from '@app/platform';
import { apiKeyRows } from './api-key-rows';

export interface ChatApiKey {
  /** The key's account (one of its owner's): the chat's cost is attributed to it. */
  accountId: string;
  /** What the spend guard counts the request against (`spend-apikey-<id>`). */
  spend: { id: string; owner: string; applicationName: string; rateLimit: RateLimit };
}

/** The key a chat request was made with (its actor's `apiKeyId`), or undefined for a session's request. */
export const chatApiKeyOf = async (db: Db, metadata: EventMetadata): Promise<ChatApiKey | undefined> => {
  const apiKeyId = metadata.actor.apiKeyId;
  if (!apiKeyId) return undefined;
  const row = await apiKeyRows.forChat(db, apiKeyId);
  if (!row) return undefined;
  return {
    accountId: row.account.id,
    spend: {
      id: row.id,
      owner: row.owner,
      applicationName: row.application_name,
      rateLimit: row.rate_limit as RateLimit,
    },
  };
};

/** A chat made with a key refused by a spend limit: recorded on the key (at most once a minute). */
export const recordChatRateLimitRefusal = (
  db: Db,
  key: ChatApiKey,
  message: string,
  metadata: EventMetadata,
): Promise<boolean> =>
  recordApiKeyRefusal(
    db,
    { apiKeyId: key.spend.id, reason: 'rateLimit', route: 'POST /api/chat', message },
    { ...metadata, commandId: `${metadata.commandId}#refused` },
  );

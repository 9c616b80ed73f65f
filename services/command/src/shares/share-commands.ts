import { randomBytes } from 'node:crypto';
import {
  sealedTextPurposes,
  shareIdBytes,
  shareLimits,
  shareMessages,
  sharePagePath,
  ShareSnapshot,
  shareStreamId,
  type ConversationSharedData,
  type CreateShareRequest,
  type EventMetadata,
  type ShareViewer,
} from '@app/contracts';
import {
  appendToStream,
  DomainError,
  openSealedTextUnlessShredded,
  readStream,
  sealerForConversation,
  type Db,
} from '@app/platform';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { keepSnapshot, loadState } from '../shared/stream-state';
import { shareDecider, shareVerdict } from './share-decider';
import { snapshotOf } from './share-snapshot';

/** An unguessable share id: 24 random bytes (192 bits), base64url. */
export const newShareId = (): string => randomBytes(shareIdBytes).toString('base64url');

/** A share that is unknown, revoked, or whose conversation was deleted (or not the caller's to revoke): 404. */
export class ShareGoneError extends Error {
  readonly statusCode = 404;
  constructor() {
    super(shareMessages.gone);
    this.name = 'ShareGoneError';
  }
}

/** A share whose rules leave the viewer out: 403. */
export class ShareNotAllowedError extends Error {
  readonly statusCode = 403;
  constructor() {
    super(shareMessages.notAllowed);
    this.name = 'ShareNotAllowedError';
  }
}

/** Sharing a conversation that is not one of the caller's in the cloud: 404. */
export class NoSuchCloudConversationError extends Error {
  readonly statusCode = 404;
  constructor(conversationId: string) {
    super(shareMessages.noSuchCloudConversation(conversationId));
    this.name = 'NoSuchCloudConversationError';
  }
}

export interface CreatedShare extends CommandOutcome {
  shareId: string;
  url: string;
}

/**
 * Shares one of the caller's cloud conversations, inside the caller's transaction: its snapshot now
 * (the thread shown), sealed under the conversation's data key (so deleting the conversation shreds
 * the share too: docs/architecture.md, Secrets), on the new share's stream.
 */
export const createShare = async (
  trx: Db,
  input: {
    conversationId: string;
    request: CreateShareRequest;
    metadata: EventMetadata;
    masterKeyId: string;
  },
): Promise<CreatedShare> => {
  const owner = input.metadata.actor.email;
  const { conversationId } = input;
  const snapshot = await snapshotOf(trx, owner, conversationId, new Date().toISOString());
  if (snapshot === null) throw new NoSuchCloudConversationError(conversationId);
  if (snapshot.turns.length === 0) throw new DomainError(shareMessages.empty);
  const json = JSON.stringify(snapshot);
  if (json.length > shareLimits.snapshotChars) throw new DomainError(shareMessages.tooLong);
  const shareId = newShareId();
  const sealer = await sealerForConversation(trx, { owner, conversationId, masterKeyId: input.masterKeyId });
  const data: ConversationSharedData = {
    shareId,
    conversationId,
    owner,
    isPublic: input.request.isPublic,
    accessTo: {
      amplifyGroups: [...new Set(input.request.accessTo.amplifyGroups)],
      users: [...new Set(input.request.accessTo.users)],
    },
    sealedSnapshot: sealer.seal(sealedTextPurposes.shareSnapshot(shareId), json),
  };
  const outcome = await handleCommand(
    trx,
    shareDecider,
    shareStreamId(shareId),
    { type: 'ShareConversation', data },
    { metadata: input.metadata, expectedVersion: 0 },
  );
  return { ...outcome, shareId, url: sharePagePath(shareId) };
};

/**
 * The snapshot a share shows, opened from its event (the log is the truth: the read model may lag a
 * conversation's delete); null once shredded (its conversation was deleted, its key destroyed).
 */
const shownSnapshot = async (trx: Db, shareId: string): Promise<ShareSnapshot | null> => {
  const first = (await readStream(trx, shareStreamId(shareId)))[0];
  if (!first || first.type !== 'ConversationShared') return null;
  const sealed = (first.data as { sealedSnapshot?: unknown }).sealedSnapshot;
  const json = await openSealedTextUnlessShredded(trx, sealed, sealedTextPurposes.shareSnapshot(shareId));
  return json === null ? null : ShareSnapshot.parse(JSON.parse(json));
};

/**
 * `viewer` opens a share, inside the caller's transaction: 404 when it is gone, 403 when its rules
 * leave them out; else `ShareViewed` (appended whatever the stream's version: views do not compete)
 * and the snapshot.
 */
export const viewShare = async (
  trx: Db,
  input: { shareId: string; viewer: ShareViewer; metadata: EventMetadata },
): Promise<{ snapshot: ShareSnapshot; position: string }> => {
  const streamId = shareStreamId(input.shareId);
  const loaded = await loadState(trx, shareDecider, streamId);
  const verdict = shareVerdict(loaded.state, input.viewer);
  if (verdict === 'gone') throw new ShareGoneError();
  if (verdict === 'notAllowed') throw new ShareNotAllowedError();
  const snapshot = await shownSnapshot(trx, input.shareId);
  // The conversation was deleted: its key, and so the snapshot, is gone.
  if (snapshot === null) throw new ShareGoneError();
  const events = shareDecider.decide(
    {
      type: 'ViewShare',
      data: { shareId: input.shareId, viewer: input.viewer, at: new Date().toISOString() },
    },
    loaded.state,
  );
  const result = await appendToStream(trx, streamId, events, {
    expectedVersion: 'any',
    metadata: input.metadata,
  });
  await keepSnapshot(trx, shareDecider, streamId, loaded, { events, version: result.nextExpectedVersion });
  return { snapshot, position: result.position };
};

/** The owner revokes a share (anyone else: 404, as for an unknown one); a revoked one again appends nothing. */
export const revokeShare = async (
  trx: Db,
  input: { shareId: string; metadata: EventMetadata },
): Promise<CommandOutcome> => {
  const streamId = shareStreamId(input.shareId);
  const { state } = await loadState(trx, shareDecider, streamId);
  if (state.status === 'none' || state.rules.owner !== input.metadata.actor.email) throw new ShareGoneError();
  return handleCommand(
    trx,
    shareDecider,
    streamId,
    { type: 'RevokeShare', data: { shareId: input.shareId, by: input.metadata.actor.email } },
    { metadata: input.metadata },
  );
};

import { fileStreamId, type EventMetadata, type UploadFileRequest } from '@app/contracts';
import { ConcurrencyError, runIdempotent, type Db } from '@app/platform';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import {
  fileDecider,
  NoSuchFileError,
  type FileCommand,
  type FileProgressEvent,
  type FileState,
} from './file-decider';
import { fileKeyFor } from './file-keys';
import { changeStorage, reserveStorage, type Reservation } from './storage-ledger';

const once = <R>(db: Db, metadata: EventMetadata, work: (trx: Db) => Promise<R>, requestHash?: string) =>
  runIdempotent<R>(
    db,
    {
      actor: metadata.actor.email,
      commandId: metadata.commandId,
      ...(requestHash === undefined ? {} : { requestHash }),
    },
    work,
  );

/**
 * The store's callback, the metadata poll and the workers may record on one file at the same moment:
 * a command that lost the race on the stream's version is decided again on the new state.
 */
const retryingConflicts = async <R>(attempt: () => Promise<R>, tries = 3): Promise<R> => {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || i >= tries) throw e;
    }
  }
};

const run = (db: Db, key: string, command: FileCommand, metadata: EventMetadata) =>
  handleCommand(db, fileDecider, fileStreamId(key), command, { metadata });

/** The file's state as its stream folds it; null when no upload was ever requested under `key`. */
export const fileStateOf = async (db: Db, key: string): Promise<FileState | null> => {
  const { state } = await loadState(db, fileDecider, fileStreamId(key));
  return state.owner === null ? null : state;
};

/** The file when `owner` has it (not deleted); else NoSuchFileError (404). */
export const ownFile = async (db: Db, owner: string, key: string): Promise<FileState> => {
  const state = await fileStateOf(db, key);
  if (!state || state.owner !== owner || state.deleted) throw new NoSuchFileError();
  return state;
};

/** What an upload through a signed URL may reserve on the owner's storage ledger. */
export interface StorageRequest {
  /** The size the caller declared, if any. */
  declaredBytes: number | undefined;
  /** The most an upload may take (without a declared size, what is left of the quota up to this). */
  capBytes: number;
  quotaBytes: number;
}

/**
 * Records that `owner` will upload a file (key chosen here unless a service gives one): the key,
 * the position of FileUploadRequested and, with `storage`, the bytes reserved for it on the owner's
 * ledger in the same transaction (past the quota: refused, nothing appended).
 */
export const requestFileUpload = async (
  db: Db,
  input: {
    owner: string;
    key?: string;
    request: UploadFileRequest;
    sourceUrl?: string;
    fromSitemap?: string;
    storage?: StorageRequest;
  },
  metadata: EventMetadata,
  requestHash?: string,
): Promise<{ key: string; position: string; reservation?: Reservation }> => {
  const { result } = await once(
    db,
    metadata,
    async (trx) => {
      const key = input.key ?? fileKeyFor(input.owner, input.request.name);
      const reservation =
        input.storage === undefined
          ? undefined
          : await reserveStorage(trx, { owner: input.owner, key, ...input.storage }, metadata);
      const r = input.request;
      const outcome = await run(
        trx,
        key,
        {
          type: 'RequestUpload',
          data: {
            key,
            owner: input.owner,
            name: r.name,
            type: r.type,
            knowledgeBase: r.knowledgeBase,
            tags: r.tags,
            groupId: r.groupId ?? null,
            ragOn: r.ragOn,
            data: r.data,
            ...(input.sourceUrl === undefined ? {} : { sourceUrl: input.sourceUrl }),
            ...(input.fromSitemap === undefined ? {} : { fromSitemap: input.fromSitemap }),
          },
        },
        metadata,
      );
      return { key, position: outcome.position, ...(reservation ? { reservation } : {}) };
    },
    requestHash,
  );
  return result;
};

const recordedOrIgnored = (outcome: CommandOutcome) =>
  outcome.eventCount > 0 ? ('recorded' as const) : ('ignored' as const);

/** The bytes arrived (blob PUT callback, or the S3 poll); ignored for a deleted file or the same bytes again. */
export const recordFileUploaded = async (
  db: Db,
  key: string,
  digests: { size: number; md5: string; sha256: string },
  metadata: EventMetadata,
): Promise<'recorded' | 'ignored'> => {
  const { result } = await retryingConflicts(() =>
    once(db, metadata, async (trx) => {
      const outcome = await run(trx, key, { type: 'RecordUploaded', data: { key, ...digests } }, metadata);
      const owner = outcome.eventCount > 0 ? (await fileStateOf(trx, key))?.owner : undefined;
      if (owner)
        await changeStorage(trx, owner, { type: 'Count', data: { key, bytes: digests.size } }, metadata);
      return outcome;
    }),
  );
  return recordedOrIgnored(result);
};

/**
 * The workers' report on a file's processing or embedding; 'ignored' when the file is gone, deleted,
 * terminated, or the report does not follow its state (the job then stops).
 */
export const recordFileProgress = async (
  db: Db,
  key: string,
  event: FileProgressEvent,
  metadata: EventMetadata,
): Promise<'recorded' | 'ignored'> => {
  const { result } = await retryingConflicts(() =>
    once(db, metadata, (trx) => run(trx, key, { type: 'RecordProgress', data: { event } }, metadata)),
  );
  return recordedOrIgnored(result);
};

/** Stops a file's processing or embedding (an admin, from the Embeddings tab): `by` is the actor. */
export const terminateFileEmbedding = async (
  db: Db,
  key: string,
  metadata: EventMetadata,
): Promise<'terminated' | 'not_running'> => {
  const { result } = await retryingConflicts(() =>
    once(db, metadata, (trx) =>
      run(trx, key, { type: 'TerminateEmbedding', data: { key, by: metadata.actor.email } }, metadata),
    ),
  );
  return result.eventCount > 0 ? 'terminated' : 'not_running';
};

/** A command on one of the caller's files (404 for any other), once per command id. */
export const onOwnFile = async (
  db: Db,
  key: string,
  command: FileCommand,
  metadata: EventMetadata,
  requestHash: string,
): Promise<{ result: CommandOutcome; replayed: boolean }> =>
  once(
    db,
    metadata,
    async (trx) => {
      await ownFile(trx, metadata.actor.email, key);
      const outcome = await run(trx, key, command, metadata);
      // A deleted file's bytes leave its owner's storage in the same transaction.
      if (command.type === 'Delete' && outcome.eventCount > 0)
        await changeStorage(trx, metadata.actor.email, { type: 'Release', data: { key } }, metadata);
      return outcome;
    },
    requestHash,
  );

import {
  documentMessages,
  fileStatusAfter,
  type FileEvent,
  type FileStatus,
  type FileUploadRequestedData,
} from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** Where a file is in its life; `status` is what users see, this is what the decider checks. */
export type FilePhase =
  | 'none'
  | 'requested'
  | 'uploaded'
  | 'processing'
  | 'processed'
  | 'embedding'
  | 'embedded'
  | 'processingFailed'
  | 'embeddingFailed'
  | 'terminated'
  | 'deleted';

/** One file's stream (`file-<key>`), folded. `owner` is null until its upload is requested. */
export interface FileState {
  key: string | null;
  owner: string | null;
  name: string;
  type: string;
  knowledgeBase: string;
  groupId: string | null;
  ragOn: boolean;
  tags: string[];
  sourceUrl: string | null;
  fromSitemap: string | null;
  phase: FilePhase;
  status: FileStatus;
  uploaded: boolean;
  size: number | null;
  md5: string | null;
  sha256: string | null;
  detectedType: string | null;
  totalItems: number | null;
  chunks: number | null;
  isImage: boolean;
  /** Why it failed or was terminated, in words a user reads. */
  message: string | null;
  deleted: boolean;
  terminated: boolean;
}

/** What the workers report about a file's processing and embedding. */
export type FileProgressEvent = Extract<
  FileEvent,
  {
    type:
      | 'FileProcessingStarted'
      | 'FileProcessed'
      | 'FileProcessingFailed'
      | 'FileEmbeddingQueued'
      | 'FileEmbedded'
      | 'FileEmbeddingFailed';
  }
>;

export type FileCommand =
  | { type: 'RequestUpload'; data: FileUploadRequestedData }
  | { type: 'RecordUploaded'; data: { key: string; size: number; md5: string; sha256: string } }
  | { type: 'RecordProgress'; data: { event: FileProgressEvent } }
  | { type: 'TerminateEmbedding'; data: { key: string; by: string } }
  | { type: 'SetTags'; data: { key: string; tags: string[] } }
  | { type: 'RequestReprocess'; data: { key: string } }
  | { type: 'Delete'; data: { key: string } };

/** A file the caller does not have (unknown, deleted, or another's): 404, nothing appended. */
export class NoSuchFileError extends Error {
  readonly statusCode = 404;
  constructor() {
    super(documentMessages.fileNotFound);
    this.name = 'NoSuchFileError';
  }
}

/** An upload may not be requested again under a key another user has (never happens with server keys). */
export class FileKeyTakenError extends Error {
  readonly statusCode = 409;
  constructor() {
    super('The file key is taken');
    this.name = 'FileKeyTakenError';
  }
}

/** The phases each progress report may follow: anything else is out of order and ignored. */
const progressFollows: Record<FileProgressEvent['type'], readonly FilePhase[]> = {
  FileProcessingStarted: ['uploaded', 'processing'],
  FileProcessed: ['uploaded', 'processing'],
  // 'requested': a website page whose fetch failed never had bytes.
  FileProcessingFailed: ['requested', 'uploaded', 'processing'],
  FileEmbeddingQueued: ['processed', 'embeddingFailed'],
  FileEmbedded: ['processed', 'embedding'],
  FileEmbeddingFailed: ['processed', 'embedding'],
};

/** The phases in which a file's processing or embedding is still going (and may be terminated). */
const runningPhases: readonly FilePhase[] = ['uploaded', 'processing', 'processed', 'embedding'];

const exists = (state: FileState) => state.owner !== null && !state.deleted;

const initialFileState = (): FileState => ({
  key: null,
  owner: null,
  name: '',
  type: '',
  knowledgeBase: 'default',
  groupId: null,
  ragOn: true,
  tags: [],
  sourceUrl: null,
  fromSitemap: null,
  phase: 'none',
  status: 'not_found',
  uploaded: false,
  size: null,
  md5: null,
  sha256: null,
  detectedType: null,
  totalItems: null,
  chunks: null,
  isImage: false,
  message: null,
  deleted: false,
  terminated: false,
});

const decideProgress = (event: FileProgressEvent, state: FileState): FileEvent[] => {
  if (!exists(state) || state.terminated || state.key === null) return [];
  if (!progressFollows[event.type].includes(state.phase)) return [];
  // The stream's key, whatever the report says.
  return [{ ...event, data: { ...event.data, key: state.key } } as FileEvent];
};

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

const decide = (command: FileCommand, state: FileState): FileEvent[] => {
  switch (command.type) {
    case 'RequestUpload':
      if (exists(state) && state.owner !== command.data.owner) throw new FileKeyTakenError();
      return [{ type: 'FileUploadRequested', data: command.data }];
    case 'RecordUploaded': {
      if (!exists(state)) return [];
      if (state.uploaded && state.sha256 === command.data.sha256) return [];
      return [{ type: 'FileUploaded', data: command.data }];
    }
    case 'RecordProgress':
      return decideProgress(command.data.event, state);
    case 'TerminateEmbedding':
      if (!exists(state) || state.terminated || !runningPhases.includes(state.phase)) return [];
      return [{ type: 'FileEmbeddingTerminated', data: command.data }];
    case 'SetTags':
      if (!exists(state)) throw new NoSuchFileError();
      return sameTags(state.tags, command.data.tags) ? [] : [{ type: 'FileTagsSet', data: command.data }];
    case 'RequestReprocess':
      if (!exists(state)) throw new NoSuchFileError();
      // Nothing to process before the bytes arrived.
      return state.uploaded ? [{ type: 'FileReprocessRequested', data: command.data }] : [];
    case 'Delete':
      if (!exists(state)) throw new NoSuchFileError();
      return [{ type: 'FileDeleted', data: command.data }];
    default:
      return assertNever(command);
  }
};

const evolvePhase = (state: FileState, event: FileEvent): FileState => {
  switch (event.type) {
    case 'FileUploadRequested':
    case 'FileTagsSet':
    case 'FileDeleted':
      return state;
    case 'FileUploaded':
    case 'FileReprocessRequested':
      return { ...state, phase: 'uploaded', terminated: false, message: null };
    case 'FileProcessingStarted':
      return { ...state, phase: 'processing', detectedType: event.data.detectedType };
    case 'FileProcessed':
      return {
        ...state,
        phase: 'processed',
        sha256: event.data.sha256,
        totalItems: event.data.totalItems,
        chunks: event.data.chunks,
        isImage: event.data.isImage,
      };
    case 'FileProcessingFailed':
      return { ...state, phase: 'processingFailed', message: event.data.message };
    case 'FileEmbeddingQueued':
      return { ...state, phase: 'embedding', message: null };
    case 'FileEmbedded':
      return { ...state, phase: 'embedded' };
    case 'FileEmbeddingFailed':
      return { ...state, phase: 'embeddingFailed', message: event.data.reason };
    case 'FileEmbeddingTerminated':
      return { ...state, phase: 'terminated', terminated: true };
    default:
      return assertNever(event);
  }
};

const evolve = (state: FileState, event: FileEvent): FileState => {
  const status = fileStatusAfter(event.type, state.status, state.ragOn);
  switch (event.type) {
    case 'FileUploadRequested': {
      const d = event.data;
      // A new life for the key: everything from before is forgotten.
      return {
        ...initialFileState(),
        key: d.key,
        owner: d.owner,
        name: d.name,
        type: d.type,
        knowledgeBase: d.knowledgeBase,
        groupId: d.groupId,
        ragOn: d.ragOn,
        tags: [...d.tags],
        sourceUrl: d.sourceUrl ?? null,
        fromSitemap: d.fromSitemap ?? null,
        phase: 'requested',
        status,
      };
    }
    case 'FileUploaded': {
      const { size, md5, sha256 } = event.data;
      return { ...evolvePhase(state, event), uploaded: true, size, md5, sha256, status };
    }
    case 'FileTagsSet':
      return { ...state, tags: [...event.data.tags] };
    case 'FileDeleted':
      return { ...state, phase: 'deleted', deleted: true, status };
    case 'FileProcessingStarted':
    case 'FileProcessed':
    case 'FileProcessingFailed':
    case 'FileEmbeddingQueued':
    case 'FileEmbedded':
    case 'FileEmbeddingFailed':
    case 'FileEmbeddingTerminated':
    case 'FileReprocessRequested':
      return { ...evolvePhase(state, event), status };
    default:
      return assertNever(event);
  }
};

/**
 * One file of one user (stream `fileStreamId(key)`): its upload requested, its bytes arrived, the
 * workers' progress (ignored when it does not follow, or the file was deleted or terminated), its
 * tags, a reprocess, its deletion. Whether the caller owns the file is the handler's check.
 */
export const fileDecider: Decider<FileState, FileCommand, FileEvent> = {
  initialState: initialFileState,
  decide,
  evolve,
  snapshot: plainSnapshot('file/1', (j) => isPlainObject(j) && 'phase' in j && 'owner' in j),
};

import { describe, expect, it } from 'vitest';
import type { FileEvent } from '@app/contracts';
import {
  fileDecider,
  FileKeyTakenError,
  NoSuchFileError,
  type FileCommand,
  type FileProgressEvent,
} from '../../src/files/file-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(fileDecider);
const key = 'abc/1.pdf';
const owner = 'ann@example.com';

const requested: FileEvent = {
  type: 'FileUploadRequested',
  data: {
    key,
    owner,
    name: 'report.pdf',
    type: 'application/pdf',
    knowledgeBase: 'default',
    tags: ['a'],
    groupId: null,
    ragOn: true,
    data: {},
  },
};
const uploaded: FileEvent = { type: 'FileUploaded', data: { key, size: 10, md5: 'bWQ1', sha256: 'f00d' } };
const started: FileProgressEvent = {
  type: 'FileProcessingStarted',
  data: { key, detectedType: 'application/pdf' },
};
const processed: FileProgressEvent = {
  type: 'FileProcessed',
  data: { key, sha256: 'f00d', totalItems: 3, chunks: 2, isImage: false, reused: false },
};
const failed: FileProgressEvent = {
  type: 'FileProcessingFailed',
  data: { key, reason: 'empty', message: 'no text' },
};
const queued: FileProgressEvent = { type: 'FileEmbeddingQueued', data: { key, sha256: 'f00d', chunks: 2 } };
const embedded: FileProgressEvent = {
  type: 'FileEmbedded',
  data: { key, sha256: 'f00d', chunks: 2, model: 'emb' },
};
const embeddingFailed: FileProgressEvent = { type: 'FileEmbeddingFailed', data: { key, reason: 'down' } };
const terminated: FileEvent = { type: 'FileEmbeddingTerminated', data: { key, by: 'admin@example.com' } };
const deleted: FileEvent = { type: 'FileDeleted', data: { key } };

const progress = (event: FileProgressEvent): FileCommand => ({ type: 'RecordProgress', data: { event } });
const recordUploaded: FileCommand = { type: 'RecordUploaded', data: uploaded.data };

const thenThrowsInstance = (events: readonly FileEvent[], command: FileCommand, error: new () => Error) => {
  const state = events.reduce(fileDecider.evolve, fileDecider.initialState());
  expect(() => fileDecider.decide(command, state)).toThrow(error);
};

describe('file decider: upload', () => {
  it('given nothing, when an upload is requested, then FileUploadRequested', () => {
    given([]).when({ type: 'RequestUpload', data: requested.data }).then([requested]);
  });

  it("given another user's file under the key, when an upload is requested, then it is refused", () => {
    const other = { ...(requested.data as object), owner: 'bob@example.com' };
    thenThrowsInstance([requested], { type: 'RequestUpload', data: other as never }, FileKeyTakenError);
  });

  it('given a requested upload, when its bytes arrive, then FileUploaded', () => {
    given([requested]).when(recordUploaded).then([uploaded]);
  });

  it('given the same bytes recorded, when they arrive again, then nothing', () => {
    given([requested, uploaded]).when(recordUploaded).then([]);
  });

  it('given nothing or a deleted file, when bytes arrive, then nothing', () => {
    given([]).when(recordUploaded).then([]);
    given([requested, deleted]).when(recordUploaded).then([]);
  });
});

describe('file decider: progress', () => {
  it('given an uploaded file, when processing starts, is done, embedding queued and done, then each is recorded', () => {
    given([requested, uploaded]).when(progress(started)).then([started]);
    given([requested, uploaded, started]).when(progress(processed)).then([processed]);
    given([requested, uploaded, started, processed]).when(progress(queued)).then([queued]);
    given([requested, uploaded, started, processed, queued]).when(progress(embedded)).then([embedded]);
  });

  it('given a processed file whose content was embedded before, when FileEmbedded, then recorded', () => {
    given([requested, uploaded, processed]).when(progress(embedded)).then([embedded]);
  });

  it('given a file not uploaded yet, when a worker reports, then ignored', () => {
    given([requested]).when(progress(started)).then([]);
  });

  it('given a website page whose fetch failed (never uploaded), when the failure is reported, then FileProcessingFailed', () => {
    given([requested]).when(progress(failed)).then([failed]);
  });

  it('given out-of-order reports, then ignored', () => {
    given([requested, uploaded]).when(progress(queued)).then([]);
    given([requested, uploaded, started, processed, queued, embedded]).when(progress(started)).then([]);
    given([requested, uploaded, started, failed]).when(progress(processed)).then([]);
  });

  it('given a processing failure, when it is recorded, then FileProcessingFailed', () => {
    given([requested, uploaded, started]).when(progress(failed)).then([failed]);
  });

  it('given an embedding failure, when queued again, then FileEmbeddingQueued', () => {
    given([requested, uploaded, processed, queued, embeddingFailed]).when(progress(queued)).then([queued]);
  });

  it('given a terminated or deleted file, when a worker reports, then ignored', () => {
    given([requested, uploaded, processed, queued, terminated]).when(progress(embedded)).then([]);
    given([requested, uploaded, started, deleted]).when(progress(processed)).then([]);
  });

  it('given a report naming another key, when recorded, then it carries the stream key', () => {
    const elsewhere = { ...started, data: { ...started.data, key: 'other' } };
    given([requested, uploaded]).when(progress(elsewhere)).then([started]);
  });
});

describe('file decider: terminate, tags, reprocess, delete', () => {
  const terminate: FileCommand = { type: 'TerminateEmbedding', data: { key, by: 'admin@example.com' } };

  it('given an embedding under way, when terminated, then FileEmbeddingTerminated', () => {
    given([requested, uploaded, processed, queued]).when(terminate).then([terminated]);
  });

  it('given a finished, failed, already terminated or deleted file, when terminated, then nothing', () => {
    given([requested, uploaded, processed, embedded]).when(terminate).then([]);
    given([requested, uploaded, started, failed]).when(terminate).then([]);
    given([requested, uploaded, processed, queued, terminated]).when(terminate).then([]);
    given([requested, uploaded, deleted]).when(terminate).then([]);
    given([]).when(terminate).then([]);
  });

  it('when tags change, then FileTagsSet; the same tags, nothing', () => {
    given([requested])
      .when({ type: 'SetTags', data: { key, tags: ['b'] } })
      .then([{ type: 'FileTagsSet', data: { key, tags: ['b'] } }]);
    given([requested])
      .when({ type: 'SetTags', data: { key, tags: ['a'] } })
      .then([]);
  });

  it('given a terminated file, when reprocessed, then FileReprocessRequested and it may run again', () => {
    const reprocess: FileEvent = { type: 'FileReprocessRequested', data: { key } };
    given([requested, uploaded, processed, queued, terminated])
      .when({ type: 'RequestReprocess', data: { key } })
      .then([reprocess]);
    given([requested, uploaded, processed, queued, terminated, reprocess])
      .when(progress(started))
      .then([started]);
  });

  it('given a file not uploaded yet, when reprocessed, then nothing', () => {
    given([requested]).when({ type: 'RequestReprocess', data: { key } }).then([]);
  });

  it('when deleted, then FileDeleted', () => {
    given([requested, uploaded]).when({ type: 'Delete', data: { key } }).then([deleted]);
  });

  it('given no file or a deleted one, when tagged, reprocessed or deleted, then not found', () => {
    for (const history of [[], [requested, deleted]]) {
      thenThrowsInstance(history, { type: 'Delete', data: { key } }, NoSuchFileError);
      thenThrowsInstance(history, { type: 'SetTags', data: { key, tags: [] } }, NoSuchFileError);
      thenThrowsInstance(history, { type: 'RequestReprocess', data: { key } }, NoSuchFileError);
    }
  });

  it('the state follows the statuses users see', () => {
    const state = [requested, uploaded, started, processed, queued].reduce(
      fileDecider.evolve,
      fileDecider.initialState(),
    );
    expect(state).toMatchObject({ owner, status: 'processing', sha256: 'f00d', totalItems: 3, ragOn: true });
    expect(fileDecider.evolve(state, terminated).status).toBe('terminated');
    expect(fileDecider.evolve(state, deleted)).toMatchObject({ status: 'not_found', deleted: true });
  });

  it('given a file uploaded with RAG off, when processed, then it is completed (nothing is embedded)', () => {
    const ragOff: FileEvent = { ...requested, data: { ...requested.data, ragOn: false } };
    const state = [ragOff, uploaded, started, processed].reduce(
      fileDecider.evolve,
      fileDecider.initialState(),
    );
    expect(state.status).toBe('completed');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStateOf, recordFileProgress, recordFileUploaded, requestFileUpload } from '@app/command';
import {
  documentMessages,
  fileStreamId,
  systemActor,
  UploadFileRequest,
  type EventMetadata,
} from '@app/contracts';
import { createLogger, createVectorStore, readStream, type VectorStore } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { sha256Of } from '../../src/documents/process-document';
import { jobFailedType, jobMetadata, jobsStreamOf } from '../../src/job-failures';
import { routeByType, startWorkers } from '../../src/index';
import {
  documentProcessJob,
  documentProcessRoute,
  runDocumentProcess,
} from '../../src/jobs/document-process';
import type { JobContext } from '../../src/jobs/types';
import { memoryBlobStore, type MemoryBlobStore } from '../support/document-fakes';
import { docxOf, pdfWithoutText, pptxEntries, withDeclaredSize, zipOf } from '../support/document-fixtures';

let database: TestDatabase;
let vectors: VectorStore;
let blobs: MemoryBlobStore;

const metadata = (): EventMetadata => {
  const id = randomUUID();
  return {
    actor: systemActor,
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

/** A file uploaded by Ann: requested, its bytes in the blob store, FileUploaded recorded. */
const uploaded = async (name: string, bytes: Buffer, ragOn = true): Promise<string> => {
  const { key } = await requestFileUpload(
    database.db,
    { owner: 'ann@example.com', request: UploadFileRequest.parse({ type: '', name, ragOn }) },
    metadata(),
  );
  await blobs.put(key, bytes, 'application/octet-stream');
  await recordFileUploaded(
    database.db,
    key,
    { size: bytes.length, md5: 'bWQ1', sha256: sha256Of(bytes) },
    metadata(),
  );
  return key;
};

/** The job as the worker runs it (same job id on a retry). */
const run = (key: string, jobId: string = randomUUID(), more: Partial<JobContext> = {}) => {
  const trigger = {
    type: 'FileUploaded',
    globalPosition: '1',
    streamId: fileStreamId(key),
    correlationId: jobId,
    requestId: jobId,
  };
  const ctx: JobContext = {
    db: database.db,
    logger: createLogger('silent', 'test'),
    jobId,
    jobName: documentProcessJob,
    attempt: 1,
    lastAttempt: false,
    trigger,
    metadata: jobMetadata(trigger, jobId),
    signal: undefined,
    blobs,
    vectors,
    ...more,
  };
  return runDocumentProcess({ key }, ctx);
};

const eventsOf = async (key: string) => await readStream(database.db, fileStreamId(key));

beforeAll(async () => {
  database = await createTestDatabase();
  vectors = await createVectorStore(database.db, { kind: 'exact' });
  blobs = memoryBlobStore();
});
afterAll(async () => {
  await database.drop();
});

describe('document-process against the real database, commands and vector store', () => {
  it('a store that fails on every attempt: retried silently, then the last attempt records FileProcessingFailed', async () => {
    const key = await uploaded('notes.txt', Buffer.from(`Notes ${randomUUID()}`));
    const broken: MemoryBlobStore = Object.assign(Object.create(blobs) as MemoryBlobStore, {
      get: () => Promise.reject(new Error('the blob store is down')),
    });
    await expect(run(key, randomUUID(), { blobs: broken })).rejects.toThrow('down');
    expect((await eventsOf(key)).map((e) => e.type)).not.toContain('FileProcessingFailed');
    await expect(run(key, randomUUID(), { blobs: broken, attempt: 5, lastAttempt: true })).rejects.toThrow(
      'down',
    );
    const last = (await eventsOf(key)).at(-1);
    expect(last).toMatchObject({
      type: 'FileProcessingFailed',
      data: { reason: 'retries-exhausted', message: documentMessages.processingUnavailable },
    });
  });

  it('a docx is processed: its stream records started, processed and queued; its chunks are kept', async () => {
    const bytes = await docxOf([`Integration ${randomUUID()}`, 'Second paragraph.']);
    const key = await uploaded('report.docx', bytes);
    await expect(run(key)).resolves.toMatchObject({ outcome: 'processed', reused: false, chunks: 1 });
    expect((await eventsOf(key)).map((e) => e.type)).toEqual([
      'FileUploadRequested',
      'FileUploaded',
      'FileProcessingStarted',
      'FileProcessed',
      'FileEmbeddingQueued',
    ]);
    expect(await fileStateOf(database.db, key)).toMatchObject({
      status: 'processing',
      phase: 'embedding',
      totalItems: 2,
      chunks: 1,
      detectedType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect((await vectors.chunks(sha256Of(bytes)))[0]?.location).toMatchObject({
      paragraph: 1,
      item: 0,
      lastItem: 1,
    });
  });

  it('the same content uploaded again reuses the result; a retried job records nothing twice', async () => {
    const bytes = await docxOf([`Shared ${randomUUID()}`]);
    await run(await uploaded('a.docx', bytes));
    const second = await uploaded('b.docx', bytes);
    const jobId = randomUUID();
    await expect(run(second, jobId)).resolves.toMatchObject({ reused: true });
    await run(second, jobId);
    const events = await eventsOf(second);
    expect(events.filter((e) => e.type === 'FileProcessed')).toHaveLength(1);
    expect(events.find((e) => e.type === 'FileProcessed')?.data).toMatchObject({ reused: true, chunks: 1 });
  });

  it('content an earlier file had embedded in full: FileEmbedded at once, with that model (completed)', async () => {
    const bytes = Buffer.from(`Embedded once ${randomUUID()}.`);
    const sha256 = sha256Of(bytes);
    const first = await uploaded('a.txt', bytes);
    await run(first);
    await vectors.putVectors(sha256, [{ index: 0, vector: [0.6, 0.8] }], 'model-x');
    await recordFileProgress(
      database.db,
      first,
      { type: 'FileEmbedded', data: { key: first, sha256, chunks: 1, model: 'model-x' } },
      metadata(),
    );
    const second = await uploaded('b.txt', bytes);
    await expect(run(second)).resolves.toMatchObject({ reused: true, next: 'embedded' });
    expect((await eventsOf(second)).at(-1)).toMatchObject({
      type: 'FileEmbedded',
      data: { sha256, chunks: 1, model: 'model-x' },
    });
    expect(await fileStateOf(database.db, second)).toMatchObject({ status: 'completed' });
  });

  it('a PDF with no text fails with the spec OCR message, without retry, and stores nothing', async () => {
    const bytes = await pdfWithoutText();
    const key = await uploaded('scan.pdf', bytes);
    await expect(run(key)).rejects.toMatchObject({ name: 'UnrecoverableError' });
    expect(await fileStateOf(database.db, key)).toMatchObject({
      status: 'failed',
      message: documentMessages.noTextExtracted,
    });
    expect(await vectors.hasChunks(sha256Of(bytes))).toBe(false);
  });

  it('a zip-bomb pptx is refused with the archive message, in the log', async () => {
    const bomb = withDeclaredSize(await zipOf(pptxEntries([['Hi']])), 'ppt/slides/slide1.xml', 0xfff0_0000);
    const key = await uploaded('deck.pptx', bomb);
    await expect(run(key)).rejects.toMatchObject({ name: 'UnrecoverableError' });
    const failed = (await eventsOf(key)).find((e) => e.type === 'FileProcessingFailed');
    expect(failed?.data).toMatchObject({
      reason: 'archive-too-large',
      message: documentMessages.archiveTooLarge,
    });
  });
});

describe('document-process through the reactor and the queue (PostgreSQL backend)', () => {
  it('FileUploaded runs the job: a txt is processed; a refused file fails its job once, without retry', async () => {
    const queueName = `documents-${randomUUID().slice(0, 8)}`;
    const workers = await startWorkers({
      db: database.db,
      databaseUrl: database.url,
      logger: createLogger('silent', 'test'),
      routes: routeByType({
        FileUploaded: documentProcessRoute,
        FileReprocessRequested: documentProcessRoute,
      }),
      processors: { [documentProcessJob]: runDocumentProcess },
      queueName,
      checkpointName: `reactor-${queueName}`,
      retry: { attempts: 3, backoff: { type: 'fixed', delay: 5 } },
      pollMs: 200,
      services: { blobs, vectors },
    });
    try {
      const good = await uploaded('notes.txt', Buffer.from(`Through the queue ${randomUUID()}.`));
      const bad = await uploaded('scan.pdf', await pdfWithoutText());
      await workers.idle();
      expect((await eventsOf(good)).map((e) => e.type)).toContain('FileProcessed');
      expect((await fileStateOf(database.db, bad))?.message).toBe(documentMessages.noTextExtracted);
      const failures = (await readStream(database.db, jobsStreamOf(queueName))).filter(
        (e) => e.type === jobFailedType,
      );
      expect(failures).toHaveLength(1);
      expect(failures[0]?.data).toMatchObject({ job: documentProcessJob, attempts: 1 });
    } finally {
      await workers.stop();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordFileProgress,
  recordFileUploaded,
  requestFileUpload,
  terminateFileEmbedding,
  type FileProgressEvent,
} from '@app/command';
import { fileStreamId, systemActor, UploadFileRequest, type EventMetadata } from '@app/contracts';
import {
  createLogger,
  createOutboundClient,
  createSecretBox,
  createVectorStore,
  loopbackAllowEntries,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  readStream,
  type OutboundClient,
  type VectorStore,
} from '@app/platform';
import {
  createTestDatabase,
  startModelServer,
  type ModelServer,
  type TestDatabase,
} from '@app/platform/testing';
import { configureEmbeddings } from '../../../command/test/support-documents/embeddings-config';
import { jobMetadata } from '../../src/job-failures';
import { startWorkers } from '../../src/index';
import {
  documentEmbedJob,
  documentEmbedRoute,
  runDocumentEmbed,
  type DocumentEmbedOutcome,
} from '../../src/jobs/document-embed';
import { routeByType, type JobContext } from '../../src/jobs/types';

let database: TestDatabase;
let outbound: OutboundClient;
let model: ModelServer;
let store: VectorStore;
const secrets = createSecretBox(parseMasterKey(newMasterKey()));

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

/** A file whose 150 chunks wait for their vectors: its stream up to FileEmbeddingQueued. */
const queuedFile = async (chunks = 150): Promise<{ key: string; sha256: string }> => {
  const db = database.db;
  const sha256 = randomUUID().replaceAll('-', '').padEnd(64, '0');
  const { key } = await requestFileUpload(
    db,
    { owner: 'ann@example.com', request: UploadFileRequest.parse({ type: 'text/plain', name: 'notes.txt' }) },
    metadata(),
  );
  await recordFileUploaded(db, key, { size: 100, md5: 'bWQ1', sha256 }, metadata());
  await store.putChunks(
    sha256,
    Array.from({ length: chunks }, (_, index) => ({ index, text: `chunk ${index} of the notes` })),
  );
  const progress: FileProgressEvent[] = [
    { type: 'FileProcessingStarted', data: { key, detectedType: 'text/plain' } },
    {
      type: 'FileProcessed',
      data: { key, sha256, totalItems: chunks, chunks, isImage: false, reused: false },
    },
    { type: 'FileEmbeddingQueued', data: { key, sha256, chunks } },
  ];
  for (const event of progress) expect(await recordFileProgress(db, key, event, metadata())).toBe('recorded');
  return { key, sha256 };
};

const run = (key: string, sha256: string, vectors: VectorStore = store): Promise<DocumentEmbedOutcome> => {
  const jobId = randomUUID();
  const trigger = {
    type: 'FileEmbeddingQueued',
    globalPosition: '1',
    streamId: fileStreamId(key),
    correlationId: jobId,
    requestId: jobId,
  };
  const ctx: JobContext = {
    db: database.db,
    logger: createLogger('silent', 'test'),
    jobId,
    jobName: 'document-embed',
    attempt: 1,
    lastAttempt: false,
    trigger,
    metadata: jobMetadata(trigger, jobId),
    signal: undefined,
    secrets,
    outbound,
    vectors,
  };
  return runDocumentEmbed({ key, sha256 }, ctx) as Promise<DocumentEmbedOutcome>;
};

const eventTypes = async (key: string) =>
  (await readStream(database.db, fileStreamId(key))).map((e) => e.type);

beforeAll(async () => {
  database = await createTestDatabase();
  outbound = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  model = await startModelServer();
  store = await createVectorStore(database.db);
  await configureEmbeddings(database.db, secrets, [model.embeddingsUrl]);
});
afterAll(async () => {
  await Promise.all([model.close(), outbound.close()]);
  await database.drop();
});

describe('the document-embed job', () => {
  it('given a queued file, embeds every chunk in calls of at most 64 and records FileEmbedded', async () => {
    const { key, sha256 } = await queuedFile();
    const before = model.embeddingCalls.length;
    expect(await run(key, sha256)).toEqual({
      key,
      outcome: 'embedded',
      chunks: 150,
      model: 'text-embedding-3-small',
    });
    const calls = model.embeddingCalls.slice(before);
    expect(calls.flat()).toHaveLength(150);
    expect(Math.max(...calls.map((c) => c.length))).toBe(64);
    expect(await store.embeddedCount(sha256)).toBe(150);
    const events = await readStream(database.db, fileStreamId(key));
    expect(events.at(-1)).toMatchObject({
      type: 'FileEmbedded',
      data: { key, sha256, chunks: 150, model: 'text-embedding-3-small' },
    });
  });

  it('given the file terminated while a round is embedded, stops before the next round and records nothing', async () => {
    const { key, sha256 } = await queuedFile();
    let rounds = 0;
    const terminatingStore: VectorStore = {
      ...store,
      putVectors: async (...args) => {
        await store.putVectors(...args);
        if (++rounds === 1)
          expect(await terminateFileEmbedding(database.db, key, metadata())).toBe('terminated');
      },
    };
    expect(await run(key, sha256, terminatingStore)).toEqual({ key, outcome: 'stopped' });
    expect(rounds).toBe(1);
    expect(await store.embeddedCount(sha256)).toBe(128);
    expect((await eventTypes(key)).at(-1)).toBe('FileEmbeddingTerminated');
  });

  it('given a file terminated before the job ran, embeds nothing', async () => {
    const { key, sha256 } = await queuedFile(3);
    await terminateFileEmbedding(database.db, key, metadata());
    const before = model.embeddingCalls.length;
    expect(await run(key, sha256)).toEqual({ key, outcome: 'stopped' });
    expect(model.embeddingCalls.length).toBe(before);
  });

  it('given every endpoint failing, records FileEmbeddingFailed with the reason', async () => {
    const { key, sha256 } = await queuedFile(3);
    model.behave({ failWith: 502 });
    try {
      const outcome = await run(key, sha256);
      expect(outcome).toMatchObject({ key, outcome: 'failed' });
      const last = (await readStream(database.db, fileStreamId(key))).at(-1);
      expect(last?.type).toBe('FileEmbeddingFailed');
      expect(JSON.stringify(last?.data)).toMatch(/502/);
    } finally {
      model.behave({});
    }
  });

  it('given FileEmbeddingQueued in the log, the reactor runs the job through the queue and FileEmbedded follows', async () => {
    const run = randomUUID().slice(0, 8);
    const workers = await startWorkers({
      db: database.db,
      databaseUrl: database.url,
      logger: createLogger('silent', 'test'),
      routes: routeByType({ FileEmbeddingQueued: documentEmbedRoute }),
      processors: { [documentEmbedJob]: runDocumentEmbed },
      services: { secrets, outbound, vectors: store },
      queueName: `document-embed-${run}`,
      checkpointName: `reactor-${run}`,
      retry: { attempts: 2, backoff: { type: 'fixed', delay: 10 } },
      pollMs: 100,
    });
    try {
      const { key, sha256 } = await queuedFile(70);
      await expect.poll(async () => (await eventTypes(key)).at(-1)).toBe('FileEmbedded');
      expect(await store.embeddedCount(sha256)).toBe(70);
    } finally {
      await workers.stop();
    }
  });
});

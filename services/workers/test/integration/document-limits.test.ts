import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStateOf, recordFileUploaded, requestFileUpload } from '@app/command';
import { documentMessages, systemActor, UploadFileRequest, type EventMetadata } from '@app/contracts';
import { createLogger, createVectorStore, type VectorStore } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { sha256Of } from '../../src/documents/process-document';
import { defaultExtractionLimits } from '../../src/documents/extraction-limits';
import { routeByType, startWorkers, type RunningWorkers } from '../../src/index';
import {
  documentProcessJob,
  documentProcessRoute,
  runDocumentProcess,
} from '../../src/jobs/document-process';
import { memoryBlobStore, type MemoryBlobStore } from '../support/document-fakes';
import { htmlNested, pdfInflatingTo, pdfOfManyOperators } from '../support/hostile-documents';

/**
 * Hostile documents through the real processing path (FileUploaded → reactor → BullMQ on PostgreSQL →
 * document-process → the extraction pool startWorkers made), while this process answers requests.
 */
let database: TestDatabase;
let vectors: VectorStore;
let blobs: MemoryBlobStore;
let workers: RunningWorkers;
let server: Server;
const limits = { ...defaultExtractionLimits(), threads: 1, timeLimitMs: 20_000 };
const limitMessages = [
  documentMessages.timeLimit(limits.timeLimitMs / 1000),
  documentMessages.memoryLimit(limits.memoryMb),
  documentMessages.inflatedLimit(limits.inflatedBytes / (1024 * 1024)),
  documentMessages.htmlDepthLimit(limits.htmlDepth),
  documentMessages.htmlElementLimit(limits.htmlElements),
];

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

/** A file uploaded by Mallory: requested, its bytes in the blob store, FileUploaded recorded. */
const uploaded = async (name: string, bytes: Buffer): Promise<string> => {
  const { key } = await requestFileUpload(
    database.db,
    { owner: 'mallory@example.com', request: UploadFileRequest.parse({ type: '', name, ragOn: false }) },
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

/**
 * Sends a request to this process's HTTP server every 200 ms until stopped and counts the answers;
 * meanwhile a 1 ms timer counts the event loop's turns taken while the extraction pool was reading a
 * document (a document read on this thread would leave none, or one).
 */
const probe = () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  const sent: Promise<void>[] = [];
  let answered = 0;
  let answeredWhileReading = 0;
  let turnsWhileReading = 0;
  let ticking = true;
  const tick = () => {
    if ((workers.extraction?.reading() ?? 0) > 0) turnsWhileReading += 1;
    if (ticking) setTimeout(tick, 1);
  };
  tick();
  const timer = setInterval(() => {
    sent.push(
      fetch(url).then(async (r) => {
        await r.text();
        answered += 1;
        if ((workers.extraction?.reading() ?? 0) > 0) answeredWhileReading += 1;
      }),
    );
  }, 200);
  return async () => {
    clearInterval(timer);
    ticking = false;
    await Promise.all(sent);
    return { sent: sent.length, answered, answeredWhileReading, turnsWhileReading };
  };
};

beforeAll(async () => {
  database = await createTestDatabase();
  vectors = await createVectorStore(database.db, { kind: 'exact' });
  blobs = memoryBlobStore();
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const queueName = `limits-${randomUUID().slice(0, 8)}`;
  workers = await startWorkers({
    db: database.db,
    databaseUrl: database.url,
    logger: createLogger('silent', 'test'),
    routes: routeByType({ FileUploaded: documentProcessRoute }),
    processors: { [documentProcessJob]: runDocumentProcess },
    queueName,
    checkpointName: `reactor-${queueName}`,
    retry: { attempts: 1, backoff: { type: 'fixed', delay: 5 } },
    pollMs: 100,
    services: { blobs, vectors },
    extraction: limits,
  });
});
afterAll(async () => {
  await workers.stop();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

describe('hostile documents, uploaded: the process keeps answering, each ends within its limits', () => {
  it.each([
    ['an HTML page of 300,000 nested elements', 'deep.html', () => htmlNested(300_000)],
    ['a one-page PDF of 3,000,000 text operators', 'ops.pdf', () => pdfOfManyOperators(3_000_000)],
  ])(
    '%s: completed, or failed naming the limit it hit; requests answered while it is read',
    async (_, name, make) => {
      const bytes = make();
      const stop = probe();
      const key = await uploaded(name, bytes);
      await workers.idle();
      const probes = await stop();
      const state = await fileStateOf(database.db, key);
      expect(['completed', 'failed']).toContain(state?.status);
      if (state?.status === 'failed') expect(limitMessages).toContain(state.message);
      expect(probes.answered).toBe(probes.sent);
      expect(probes.turnsWhileReading).toBeGreaterThan(1);
      // The first document of a thread waits for it to start, so requests come in while it is read.
      expect(probes.answeredWhileReading).toBeGreaterThan(0);
    },
    120_000,
  );

  it('several PDFs whose streams inflate to hundreds of MB: failed naming the inflated size limit; this process keeps its memory; the thread that read them is gone', async () => {
    const bombs = await Promise.all([400, 400, 500, 600].map((mb) => pdfInflatingTo(mb)));
    const before = process.memoryUsage();
    const keys: string[] = [];
    for (const [i, bytes] of bombs.entries()) keys.push(await uploaded(`bomb-${i}.pdf`, bytes));
    await workers.idle();
    const after = process.memoryUsage();
    for (const key of keys)
      expect(await fileStateOf(database.db, key)).toMatchObject({
        status: 'failed',
        message: documentMessages.inflatedLimit(200),
      });
    // Four bombs inflating to 1.9 GB in all: read on this thread they would add at least that much.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(64 * 1024 * 1024);
    expect(after.rss - before.rss).toBeLessThan(256 * 1024 * 1024);
    const retired = workers.extraction?.retired() ?? [];
    expect(retired.length).toBeGreaterThanOrEqual(bombs.length);
    for (const id of retired) expect(workers.extraction?.threadIds()).not.toContain(id);
  }, 120_000);
});

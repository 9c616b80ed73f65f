import { randomUUID } from 'node:crypto';
import {
  createEmbedder,
  recordFileProgress,
  recordFileUploaded,
  requestFileUpload,
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
} from '@app/platform';
import { startModelServer } from '@app/platform/testing';
import { jobMetadata } from '../services/workers/src/job-failures';
import { runDocumentEmbed } from '../services/workers/src/jobs/document-embed';
import { configureEmbeddings } from '../services/command/test/support-documents/embeddings-config';
import type { BenchServer } from './server';

export interface EmbeddingFigures {
  chunks: number;
  /** Chunks per second through the document-embed job (embedder, AI SDK, guarded client, vectors kept, state checks). */
  job: number;
  /** Through the embedder alone (no database writes). */
  embedder: number;
  /** Straight batched fetch calls to the same server: 64 inputs a call, 2 at once. */
  direct: number;
}

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

/** A passage of about 60 words, different for each i. */
const passage = (i: number) =>
  Array.from({ length: 60 }, (_, w) => `word${(i * 7 + w * 13) % 5000}`).join(' ') + ` chunk ${i}`;

const perSecond = async (n: number, work: () => Promise<unknown>) => {
  const t = performance.now();
  await work();
  return n / ((performance.now() - t) / 1000);
};

/**
 * `chunks` chunks of one file embedded through the `document-embed` job, the same texts through the
 * embedder, and straight batched fetch calls, all against one local test model server.
 */
export const measureEmbeddings = async (server: BenchServer, chunks: number): Promise<EmbeddingFigures> => {
  const database = await server.createDatabase({ max: 4 });
  const model = await startModelServer();
  const outbound = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  try {
    const db = database.db;
    const secrets = createSecretBox(parseMasterKey(newMasterKey()));
    await configureEmbeddings(db, secrets, [model.embeddingsUrl]);
    const vectors = await createVectorStore(db);
    const texts = Array.from({ length: chunks }, (_, i) => passage(i));

    const straight = async (all: string[]) => {
      const batches: string[][] = [];
      for (let at = 0; at < all.length; at += 64) batches.push(all.slice(at, at + 64));
      let next = 0;
      const lane = async () => {
        while (next < batches.length) {
          const input = batches[next++];
          const res = await fetch(model.embeddingsUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
            body: JSON.stringify({ model: 'text-embedding-3-small', input, encoding_format: 'float' }),
          });
          await res.json();
        }
      };
      await Promise.all([lane(), lane()]);
    };
    await straight(texts.slice(0, 128));
    const direct = await perSecond(chunks, () => straight(texts));

    const embedder = createEmbedder({ db, secrets, outbound });
    await embedder.embedTexts(texts.slice(0, 64));
    const viaEmbedder = await perSecond(chunks, () => embedder.embedTexts(texts));

    const sha256 = randomUUID().replaceAll('-', '').padEnd(64, '0');
    const { key } = await requestFileUpload(
      db,
      {
        owner: 'bench@example.com',
        request: UploadFileRequest.parse({ type: 'text/plain', name: 'bench.txt' }),
      },
      metadata(),
    );
    await recordFileUploaded(db, key, { size: 1, md5: 'bWQ1', sha256 }, metadata());
    await vectors.putChunks(
      sha256,
      texts.map((text, index) => ({ index, text })),
    );
    const progress: FileProgressEvent[] = [
      { type: 'FileProcessingStarted', data: { key, detectedType: 'text/plain' } },
      {
        type: 'FileProcessed',
        data: { key, sha256, totalItems: chunks, chunks, isImage: false, reused: false },
      },
      { type: 'FileEmbeddingQueued', data: { key, sha256, chunks } },
    ];
    for (const event of progress) await recordFileProgress(db, key, event, metadata());
    const jobId = randomUUID();
    const trigger = {
      type: 'FileEmbeddingQueued',
      globalPosition: '1',
      streamId: fileStreamId(key),
      correlationId: jobId,
      requestId: jobId,
    };
    const job = await perSecond(chunks, () =>
      runDocumentEmbed(
        { key, sha256 },
        {
          db,
          logger: createLogger('silent', 'bench'),
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
        },
      ),
    );
    if ((await vectors.embeddedCount(sha256)) !== chunks)
      throw new Error('the job did not embed every chunk');
    return { chunks, job, embedder: viaEmbedder, direct };
  } finally {
    await Promise.all([model.close(), outbound.close()]);
    await database.drop();
  }
};

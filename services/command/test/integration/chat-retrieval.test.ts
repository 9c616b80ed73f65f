import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatRetrievalMessages,
  fileStreamId,
  type ChatChunk,
  type ChatRequestInput,
  type EventMetadata,
  type FileEvent,
} from '@app/contracts';
import { appendToStream, createVectorStore, type Db, type VectorStore } from '@app/platform';
import {
  chatModelConfigurations,
  hashedEmbedding,
  startModelServer,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { retrieverFor } from '../../src/chat/retrieval';
import { fileStateOf } from '../../src/files/index';
import { chatRetrieverFor } from '../../src/chat/retrieval-wiring';
import { parseSse, startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const annKey = `${ann}/tower.txt`;
const bobKey = `${bob}/honey.txt`;
const annSha = 'a'.repeat(64);
const bobSha = 'b'.repeat(64);
const annPassages = [
  'The Eiffel Tower was completed in 1889 for the World Fair held in Paris.',
  'Glaciers carve U-shaped valleys as they slowly move downhill.',
];
const bobPassages = ['Honey never spoils because of its low moisture and acidic pH. The tower of honey.'];

let p: ChatPlatform;
let model: ModelServer;
let vectors: Promise<VectorStore> | undefined;
let embeddingsDown = false;
const retrievalErrors: unknown[] = [];
let n = 0;

const metadataOf = (email: string): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email, kind: 'user' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

/** A file of `owner` processed and embedded: its events, and its chunks with the model server's vectors. */
const embeddedFile = async (
  db: Db,
  store: VectorStore,
  key: string,
  owner: string,
  sha256: string,
  texts: string[],
) => {
  const name = key.slice(key.indexOf('/') + 1);
  const events: FileEvent[] = [
    {
      type: 'FileUploadRequested',
      data: {
        key,
        owner,
        name,
        type: 'text/plain',
        knowledgeBase: 'default',
        tags: [],
        groupId: null,
        ragOn: true,
        data: {},
      },
    },
    { type: 'FileUploaded', data: { key, size: 100, md5: 'm', sha256 } },
    { type: 'FileProcessingStarted', data: { key, detectedType: 'text/plain' } },
    {
      type: 'FileProcessed',
      data: { key, sha256, totalItems: texts.length, chunks: texts.length, isImage: false, reused: false },
    },
    { type: 'FileEmbeddingQueued', data: { key, sha256, chunks: texts.length } },
    { type: 'FileEmbedded', data: { key, sha256, chunks: texts.length, model: 'e' } },
  ];
  await appendToStream(db, fileStreamId(key), events, {
    expectedVersion: 'no-stream',
    metadata: metadataOf(owner),
  });
  await store.putChunks(
    sha256,
    texts.map((text, index) => ({ index, text, location: { line: index + 1 } })),
  );
  await store.putVectors(
    sha256,
    texts.map((text, index) => ({ index, vector: hashedEmbedding(text) })),
    'e',
  );
};

beforeAll(async () => {
  model = await startModelServer();
  p = await startChatPlatform({
    retrieval: (ports) => {
      const store = (vectors = createVectorStore(ports.db));
      const onError = (e: unknown) => retrievalErrors.push(e);
      // The same retrieval with an embeddings model that fails, for the test that needs one.
      const failing = retrieverFor(
        {
          fileStateOf: (key) => fileStateOf(ports.db, key),
          embedQuery: () => Promise.reject(new Error('the embeddings model is down')),
          search: async (v, s, l) => (await store).search(v, s, l),
        },
        onError,
      );
      return async (request, caller) =>
        embeddingsDown
          ? failing(request, caller)
          : chatRetrieverFor({ ...ports, vectors: await store }, onError)(request, caller);
    },
  });
  await p.configure(chatModelConfigurations(model.chatUrl, { embeddingsUrls: [model.embeddingsUrl] }));
  const store = await (vectors ?? Promise.reject(new Error('no vector store')));
  await embeddedFile(p.database.db, store, annKey, ann, annSha, annPassages);
  await embeddedFile(p.database.db, store, bobKey, bob, bobSha, bobPassages);
});

afterAll(async () => {
  await p.close();
  await model.close();
});

const ask = (dataSources: ChatRequestInput['dataSources']): ChatRequestInput => ({
  model: testChatModelId,
  max_tokens: 100,
  dataSources,
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'When was the Eiffel Tower completed?' },
  ],
  options: { requestId: `retrieval-${++n}` },
});

const systemPromptSent = (): string => {
  const last = model.requests.filter((r) => r.url.includes('/chat/completions')).at(-1);
  const messages = (last?.body['messages'] ?? []) as { role: string; content: unknown }[];
  const system = messages.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : JSON.stringify(system?.content ?? '');
};

const chunksOf = (body: string): ChatChunk[] => parseSse(body).events.map((e) => e.chunk);

describe('chat with documents', () => {
  it("sends the caller's passages as sources before the answer, and in the system prompt with the file's name", async () => {
    const res = await p.chat(ann, ask([{ id: annKey }, { id: bobKey }]));
    expect(res.statusCode).toBe(200);
    const chunks = chunksOf(res.body);
    const sourcesAt = chunks.findIndex((c) => c.s === 'meta' && 'd' in c);
    const firstAnswer = chunks.findIndex((c) => c.s === 'answer');
    expect(sourcesAt).toBeGreaterThan(-1);
    expect(sourcesAt).toBeLessThan(firstAnswer);
    const meta = chunks[sourcesAt];
    const sources = meta && 'd' in meta && meta.s === 'meta' ? meta.d.sources : [];
    // Only ann's file: bob's passage shares a word with the question, and is never retrieved.
    expect(new Set(sources.map((s) => s.key))).toEqual(new Set([annKey]));
    expect(sources[0]).toMatchObject({ key: annKey, name: 'tower.txt', text: annPassages[0], chunkIndex: 0 });
    const system = systemPromptSent();
    expect(system.startsWith('You are terse.')).toBe(true);
    expect(system).toContain(`[1] tower.txt (line 1):\n${annPassages[0]}`);
    expect(system).not.toContain('Honey');
  });

  it("given only another user's document, answers without sources and without their passages", async () => {
    const res = await p.chat(ann, ask([{ id: bobKey }]));
    expect(res.statusCode).toBe(200);
    const chunks = chunksOf(res.body);
    expect(chunks.some((c) => c.s === 'meta' && 'd' in c)).toBe(false);
    expect(chunks.some((c) => c.s === 'answer')).toBe(true);
    expect(systemPromptSent()).toBe('You are terse.');
  });

  it('without documents, sends no sources and asks nothing of the embeddings model', async () => {
    const before = model.embeddingCalls.length;
    const res = await p.chat(ann, ask([]));
    expect(chunksOf(res.body).some((c) => c.s === 'meta' && 'd' in c)).toBe(false);
    expect(model.embeddingCalls.length).toBe(before);
  });

  it('when the embeddings model fails, says so in a status line and still answers', async () => {
    embeddingsDown = true;
    const res = await p.chat(ann, ask([{ id: annKey }])).finally(() => (embeddingsDown = false));
    expect(res.statusCode).toBe(200);
    const chunks = chunksOf(res.body);
    expect(chunks).toContainEqual({
      s: 'meta',
      st: expect.objectContaining({ id: 'sources', message: chatRetrievalMessages.failed }) as unknown,
    });
    expect(chunks.filter((c) => c.s === 'answer').length).toBeGreaterThan(0);
    expect(chunks.some((c) => c.s === 'error' || (c.s === 'meta' && 'd' in c))).toBe(false);
    expect(systemPromptSent()).toBe('You are terse.');
    expect(retrievalErrors.length).toBeGreaterThan(0);
  });
});

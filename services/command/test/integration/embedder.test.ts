import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboundClient,
  createSecretBox,
  loopbackAllowEntries,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  type OutboundClient,
} from '@app/platform';
import {
  createTestDatabase,
  hashedEmbedding,
  startModelServer,
  type ModelServer,
  type TestDatabase,
} from '@app/platform/testing';
import { createEmbedder, EmbeddingCallError, EmbeddingUnavailableError } from '../../src/index';
import { configureEmbeddings } from '../support-documents/embeddings-config';

let database: TestDatabase;
let outbound: OutboundClient;
let working: ModelServer;
let failing: ModelServer;
const secrets = createSecretBox(parseMasterKey(newMasterKey()));

beforeAll(async () => {
  database = await createTestDatabase();
  outbound = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  working = await startModelServer();
  failing = await startModelServer({ failWith: 503 });
});
afterAll(async () => {
  await Promise.all([working.close(), failing.close(), outbound.close()]);
  await database.drop();
});

const texts = (n: number) => Array.from({ length: n }, (_, i) => `passage number ${i} about topic ${i % 7}`);

describe('the embedder', () => {
  it('given no default embeddings model, refuses with the reason', async () => {
    const embedder = createEmbedder({ db: database.db, secrets, outbound });
    await expect(embedder.embedQuery('x')).rejects.toBeInstanceOf(EmbeddingUnavailableError);
  });

  it('given the default embeddings model at one endpoint, embeds in batches of 64, in order', async () => {
    await configureEmbeddings(database.db, secrets, [working.embeddingsUrl]);
    const embedder = createEmbedder({ db: database.db, secrets, outbound });
    const before = working.embeddingCalls.length;
    const input = texts(130);
    const vectors = await embedder.embedTexts(input);
    const calls = working.embeddingCalls.slice(before);
    expect(calls.map((c) => c.length).sort((a, b) => a - b)).toEqual([2, 64, 64]);
    expect(vectors).toHaveLength(130);
    vectors.forEach((v, i) => expect(v).toEqual(hashedEmbedding(input[i]!)));
    const seen = working.requests.at(-1);
    expect(seen?.url).toBe('/v1/embeddings');
    expect(seen?.headers['authorization']).toBe('Bearer test-model-key');
    expect(seen?.body['model']).toBe('text-embedding-3-small');
  });

  it('given a first endpoint that fails, every batch fails over to the next', async () => {
    await configureEmbeddings(database.db, secrets, [failing.embeddingsUrl, working.embeddingsUrl]);
    const embedder = createEmbedder({ db: database.db, secrets, outbound });
    const before = { failing: failing.requests.length, working: working.embeddingCalls.length };
    const input = texts(100);
    const vectors = await embedder.embedTexts(input);
    expect(vectors.map((v) => v.length)).toEqual(input.map(() => 256));
    expect(working.embeddingCalls.slice(before.working).flat().sort()).toEqual([...input].sort());
    expect(failing.requests.length).toBeGreaterThan(before.failing);
  });

  it('given every endpoint failing, fails with the status in words', async () => {
    await configureEmbeddings(database.db, secrets, [failing.embeddingsUrl]);
    const embedder = createEmbedder({ db: database.db, secrets, outbound });
    const error = await embedder.embedQuery('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingCallError);
    expect((error as EmbeddingCallError).reason).toMatch(/503/);
  });
});

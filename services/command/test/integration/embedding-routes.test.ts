import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddingMessages,
  embeddingRoutes,
  EmbeddingStatusResponse,
  fileStreamId,
  type FileEvent,
  type FileUploadRequestedData,
} from '@app/contracts';
import { appendToStream } from '@app/platform';
import { metadataOf } from '../../../query/test/support/log';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const admin = 'admin@example.com';
const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
});
afterAll(async () => {
  await p.close();
});

const requested = (key: string, owner: string): FileEvent => {
  const data: FileUploadRequestedData = {
    key,
    owner,
    name: 'notes.txt',
    type: 'text/plain',
    knowledgeBase: 'default',
    tags: [],
    groupId: null,
    ragOn: true,
    data: {},
  };
  return { type: 'FileUploadRequested', data };
};

/** A file of `owner` whose embedding is queued (the events the processing worker would leave). */
const queuedFile = async (key: string, owner: string) => {
  await appendToStream(
    p.database.db,
    fileStreamId(key),
    [
      requested(key, owner),
      { type: 'FileUploaded', data: { key, size: 10, md5: 'm', sha256: 's' } },
      { type: 'FileProcessingStarted', data: { key, detectedType: 'text/plain' } },
      {
        type: 'FileProcessed',
        data: { key, sha256: 's', totalItems: 1, chunks: 1, isImage: false, reused: false },
      },
      { type: 'FileEmbeddingQueued', data: { key, sha256: 's', chunks: 1 } },
    ],
    { expectedVersion: 'no-stream', metadata: metadataOf(owner) },
  );
};

const fileEvents = async (key: string) =>
  (await p.events()).filter((e) => e.streamId === fileStreamId(key)).map((e) => e.type);

describe('POST /embedding/status: the caller’s files only', () => {
  it("answers the caller's file's status and 'not_found' for another user's and unknown keys", async () => {
    await queuedFile(`${ann}/one.txt`, ann);
    await queuedFile(`${bob}/two.txt`, bob);
    const res = await p.call(ann, 'POST', embeddingRoutes.status, {
      body: {
        dataSources: [{ id: `${ann}/one.txt` }, { id: 'x', key: `${bob}/two.txt` }, { id: 'nope/none' }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(EmbeddingStatusResponse.parse(res.json()).data).toEqual({
      [`${ann}/one.txt`]: 'processing',
      [`${bob}/two.txt`]: 'not_found',
      'nope/none': 'not_found',
    });
  });

  it('refuses bad input (400) and anonymous callers (401)', async () => {
    expect(
      (await p.call(ann, 'POST', embeddingRoutes.status, { body: { dataSources: 'all' } })).statusCode,
    ).toBe(400);
    expect(
      (await p.call(null, 'POST', embeddingRoutes.status, { body: { dataSources: [] } })).statusCode,
    ).toBe(401);
  });
});

describe('POST /embedding/terminate: admins stop an embedding', () => {
  it('records FileEmbeddingTerminated with the admin as `by` and actor; a second time is a 409', async () => {
    const key = `${ann}/three.txt`;
    await queuedFile(key, ann);
    const res = await p.call(admin, 'POST', embeddingRoutes.terminate, { body: { object_key: key } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const terminated = (await p.events()).filter(
      (e) => e.streamId === fileStreamId(key) && e.type === 'FileEmbeddingTerminated',
    );
    expect(terminated.map((e) => [e.data, e.metadata.actor.email])).toEqual([[{ key, by: admin }, admin]]);

    const again = await p.call(admin, 'POST', embeddingRoutes.terminate, { body: { object_key: key } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: embeddingMessages.unableToTerminate });
    expect((await fileEvents(key)).filter((t) => t === 'FileEmbeddingTerminated')).toHaveLength(1);
  });

  it('refuses non-admins (403) and bad input (400), appending nothing', async () => {
    const key = `${bob}/four.txt`;
    await queuedFile(key, bob);
    const before = await fileEvents(key);
    expect(
      (await p.call(bob, 'POST', embeddingRoutes.terminate, { body: { object_key: key } })).statusCode,
    ).toBe(403);
    for (const body of [{}, { object_key: '' }, { object_key: 'has space' }, { object_key: 7 }])
      expect((await p.call(admin, 'POST', embeddingRoutes.terminate, { body })).statusCode).toBe(400);
    expect(await fileEvents(key)).toEqual(before);
  });

  it('an unknown key is a 409 and nothing is appended', async () => {
    const res = await p.call(admin, 'POST', embeddingRoutes.terminate, {
      body: { object_key: 'no/such.txt' },
    });
    expect(res.statusCode).toBe(409);
    expect(await fileEvents('no/such.txt')).toEqual([]);
  });
});

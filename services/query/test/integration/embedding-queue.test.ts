import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddingRoutes,
  EmbeddingQueueResponse,
  fileStreamId,
  type FileEvent,
  type FileUploadRequestedData,
} from '@app/contracts';
import { appendToStream } from '@app/platform';
import { metadataOf } from '../support/log';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const admin = 'ann@example.com';
const user = 'bob@example.com';

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
    name: 'report.pdf',
    type: 'application/pdf',
    knowledgeBase: 'default',
    tags: [],
    groupId: null,
    ragOn: true,
    data: {},
  };
  return { type: 'FileUploadRequested', data };
};

/** Appends a file's events as its owner; answers the last one's position. */
const append = async (key: string, events: FileEvent[]): Promise<string> => {
  const { position } = await appendToStream(p.database.db, fileStreamId(key), events, {
    expectedVersion: 'any',
    metadata: metadataOf(user),
  });
  return position;
};

const queue = async (waitFor: string) => {
  const res = await p.call(admin, 'GET', `${embeddingRoutes.queue}?waitFor=${waitFor}`);
  expect(res.statusCode).toBe(200);
  return EmbeddingQueueResponse.parse(res.json()).messages;
};

describe('GET /embedding/sqs/get: the queued and running embeddings', () => {
  it('lists a queued file with its owner and size, and drops it once embedded, terminated or deleted', async () => {
    const keys = [`${user}/a.pdf`, `${user}/b.pdf`, `${user}/c.pdf`];
    for (const key of keys)
      await append(key, [
        requested(key, user),
        { type: 'FileUploaded', data: { key, size: 1234, md5: 'm', sha256: 's' } },
        { type: 'FileEmbeddingQueued', data: { key, sha256: 's', chunks: 3 } },
      ]);
    const listed = await queue(await append(`${user}/d.pdf`, [requested(`${user}/d.pdf`, user)]));
    expect(listed.map((m) => m.object)).toEqual(keys.map((key) => ({ user, key, size: 1234 })));
    expect(listed.every((m) => !m.terminated && /^\d+$/.test(m.messageId))).toBe(true);
    expect(Number.isNaN(Date.parse(listed[0]?.eventTime ?? ''))).toBe(false);

    const [a, b, c] = keys as [string, string, string];
    await append(a, [{ type: 'FileEmbedded', data: { key: a, sha256: 's', chunks: 3, model: 'e' } }]);
    await append(b, [{ type: 'FileEmbeddingTerminated', data: { key: b, by: admin } }]);
    const last = await append(c, [{ type: 'FileDeleted', data: { key: c } }]);
    expect(await queue(last)).toEqual([]);
  });

  it('refuses signed-in users who are not admins (403) and anonymous callers (401)', async () => {
    expect((await p.call(user, 'GET', embeddingRoutes.queue)).statusCode).toBe(403);
    expect((await p.call(null, 'GET', embeddingRoutes.queue)).statusCode).toBe(401);
  });

  it('a bad waitFor is a 400', async () => {
    expect((await p.call(admin, 'GET', `${embeddingRoutes.queue}?waitFor=soon`)).statusCode).toBe(400);
  });
});

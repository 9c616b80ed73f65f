import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordFileProgress, recordFileUploaded, terminateFileEmbedding } from '@app/command';
import { fileRoutes, systemActor, type EventMetadata, type UploadFileResponse } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { changedIn, isSubscribed, openLive, type LiveTestClient } from './live-users-client';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const admin = 'root@example.com';

let p: TestPlatform & { url: string };
const clients = new Set<LiveTestClient>();
beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin], listen: true });
});
afterEach(() => {
  for (const c of clients) c.socket.terminate();
  clients.clear();
});
afterAll(async () => {
  await p.close();
});

let n = 0;
const worker = (): EventMetadata => {
  n += 1;
  return {
    actor: systemActor,
    commandId: `job-${n}`,
    correlationId: `job-${n}`,
    causationId: `job-${n}`,
    requestId: `job-${n}`,
    schemaVersion: 1,
  };
};
const requestUpload = async (email: string, name: string) =>
  (
    await p.call(email, 'POST', fileRoutes.upload, { body: { type: 'text/plain', name } })
  ).json<UploadFileResponse>().key;
const row = (key: string) =>
  p.database.db.selectFrom('rm_files').selectAll().where('key', '=', key).executeTakeFirst();
const filesChanges = (key: string) =>
  p.database.db
    .selectFrom('live_changes')
    .select(['actor', 'ids'])
    .where('read_model', '=', 'files')
    .execute()
    .then((rows) => rows.filter((r) => JSON.stringify(r.ids).includes(key)));

describe('the files read model', () => {
  it("follows a file's life, and every change of it is its owner's, whoever recorded it", async () => {
    const key = await requestUpload(ann, 'notes.txt');
    const db = p.database.db;
    expect(await recordFileUploaded(db, key, { size: 12, md5: 'bWQ1', sha256: 'f00d' }, worker())).toBe(
      'recorded',
    );
    const started = { type: 'FileProcessingStarted' as const, data: { key, detectedType: 'text/plain' } };
    expect(await recordFileProgress(db, key, started, worker())).toBe('recorded');
    const processed = {
      type: 'FileProcessed' as const,
      data: { key, sha256: 'f00d', totalItems: 4, chunks: 2, isImage: false, reused: false },
    };
    expect(await recordFileProgress(db, key, processed, worker())).toBe('recorded');
    const queued = { type: 'FileEmbeddingQueued' as const, data: { key, sha256: 'f00d', chunks: 2 } };
    expect(await recordFileProgress(db, key, queued, worker())).toBe('recorded');
    await p.settle();
    expect(await row(key)).toMatchObject({
      owner: ann,
      name: 'notes.txt',
      status: 'processing',
      size: '12',
      sha256: 'f00d',
      total_items: 4,
      rag_on: true,
    });

    const by = { ...worker(), actor: { email: admin, kind: 'admin' as const } };
    expect(await terminateFileEmbedding(db, key, by)).toBe('terminated');
    expect(await terminateFileEmbedding(db, key, worker())).toBe('not_running');
    const embedded = {
      type: 'FileEmbedded' as const,
      data: { key, sha256: 'f00d', chunks: 2, model: 'emb' },
    };
    expect(await recordFileProgress(db, key, embedded, worker())).toBe('ignored');
    await p.settle();
    expect(await row(key)).toMatchObject({ status: 'terminated' });
    const changes = await filesChanges(key);
    expect(changes.length).toBeGreaterThanOrEqual(6);
    expect(new Set(changes.map((c) => c.actor))).toEqual(new Set([ann]));
  });

  it("a worker's report reaches the owner's /live socket, not another user's", async () => {
    const a = await openLive(p.url, await p.signIn(ann));
    const b = await openLive(p.url, await p.signIn(bob));
    clients.add(a);
    clients.add(b);
    for (const c of [a, b]) {
      c.send({ type: 'subscribe', readModels: ['files'] });
      await c.next(isSubscribed);
    }
    const key = await requestUpload(ann, 'live.txt');
    await recordFileUploaded(p.database.db, key, { size: 1, md5: 'bWQ1', sha256: 'beef' }, worker());
    const change = await a.next(changedIn('files', key));
    expect(change.actor).toBe(ann);
    // bob's own upload reaches bob: once it has, ann's changes would have come before it.
    const bobs = await requestUpload(bob, 'bob.txt');
    await b.next(changedIn('files', bobs));
    expect(b.changes().flatMap((m) => m.ids)).not.toContain(key);
  });
});

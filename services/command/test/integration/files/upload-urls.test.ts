import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentMessages,
  fileRoutes,
  fileStreamId,
  fileStorageStreamId,
  platformMessages,
  storageExceededMessage,
  storageQuotaMessage,
  type DownloadUrlResponse,
  websiteLimits,
  websiteRoutes,
  type UploadFileResponse,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';

const ann = 'ann@example.com';
const first = Buffer.from('first bytes of the notes');
const second = Buffer.from('other bytes, sent again');
const md5Of = (b: Buffer) => createHash('md5').update(b).digest('base64');

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [] });
});
afterAll(async () => {
  await p.close();
});

const upload = async (email: string, body: unknown) => {
  const res = await p.call(email, 'POST', fileRoutes.upload, { body });
  return { status: res.statusCode, body: res.json<UploadFileResponse & { message?: string }>() };
};
const put = (url: string, bytes: Buffer) =>
  p.app.inject({
    method: 'PUT',
    url,
    payload: bytes,
    headers: { 'content-type': 'text/plain', 'content-md5': md5Of(bytes) },
  });
const fileEvents = async (key: string) =>
  (await p.events()).filter((e) => e.streamId === fileStreamId(key)).map((e) => e.type);
const eventCount = async () => (await p.events()).length;

describe('probe: an upload URL is used once', () => {
  it('a second PUT to the URL is 409; the first bytes and one FileUploaded stay', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'once.txt' });
    expect((await put(body.url, first)).statusCode).toBe(200);
    const again = await put(body.url, second);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(documentMessages.uploadUsed);
    expect(await p.blobs.get(body.key)).toEqual(first);
    expect((await fileEvents(body.key)).filter((t) => t === 'FileUploaded')).toHaveLength(1);
  });

  it('a PUT after the file was deleted is 409, stores nothing, and the old download URL serves nothing', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'gone.txt' });
    expect((await p.call(ann, 'POST', fileRoutes.delete, { body: { key: body.key } })).statusCode).toBe(200);
    const late = await put(body.url, second);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(documentMessages.uploadRevoked);
    expect(await p.blobs.head(body.key)).toBeNull();
    expect((await p.app.inject({ method: 'GET', url: body.contentUrl })).statusCode).toBe(404);
    expect(await fileEvents(body.key)).toEqual(['FileUploadRequested', 'FileDeleted']);
  });

  it('a file uploaded, downloaded and deleted: its download URL, asked for before the delete, serves nothing after', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'kept.txt' });
    expect((await put(body.url, first)).statusCode).toBe(200);
    const link = await p.call(ann, 'POST', fileRoutes.download, { body: { key: body.key } });
    const { downloadUrl } = link.json<DownloadUrlResponse>();
    expect((await p.app.inject({ method: 'GET', url: downloadUrl })).rawPayload).toEqual(first);
    await p.call(ann, 'POST', fileRoutes.delete, { body: { key: body.key } });
    expect((await put(body.url, second)).statusCode).toBe(409);
    expect((await p.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(404);
  });
});

describe('probe: control characters in fields that reach a header', () => {
  it.each([
    ['CR/LF in the type', { type: 'text/plain\r\nX-Injected: 1', name: 'a.txt' }, 'The file type'],
    ['LF in the type', { type: 'text/plain\n', name: 'a.txt' }, 'The file type'],
    ['NEL (C1) in the type', { type: 'text/\u0085plain', name: 'a.txt' }, 'The file type'],
    ['DEL in the name', { type: 'text/plain', name: 'a\u007f.txt' }, 'The file name'],
    ['CR/LF in the name', { type: 'text/plain', name: 'a\r\nb.txt' }, 'The file name'],
    ['a tab in the name', { type: 'text/plain', name: 'a\tb.txt' }, 'The file name'],
  ])('%s is a 400 naming the field, nothing appended', async (_case, request, field) => {
    const before = await eventCount();
    const { status, body } = await upload(ann, request);
    expect(status).toBe(400);
    expect(body.message).toContain(platformMessages.controlCharacters(field));
    expect(await eventCount()).toBe(before);
  });

  it('a type with parameters and a name with spaces and accents are still accepted', async () => {
    const { status } = await upload(ann, { type: 'text/plain; charset=utf-8', name: 'Résumé final.txt' });
    expect(status).toBe(200);
  });
});

describe('probe: the storage quota (USER_STORAGE_QUOTA_MB, default 1024)', () => {
  const mb = 1024 * 1024;
  const quota = 1024 * mb;
  const carl = 'carl@example.com';
  const dora = 'dora@example.com';
  const declared = (name: string, size: number) => ({ type: 'text/plain', name, size });

  it('uploads that would pass it are refused with the quota and the use; another user is unaffected; a delete makes room', async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await upload(carl, declared(`f${i}.txt`, 50 * mb))).status).toBe(200);
    const before = await eventCount();
    const over = await upload(carl, declared('over.txt', 30 * mb));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(storageExceededMessage(30 * mb, quota, 1000 * mb));
    expect(over.body.message).toBe('Adding 30 MB would go past the storage quota of 1 GB: 0.98 GB in use.');
    expect(await eventCount()).toBe(before);
    expect((await upload(dora, declared('fine.txt', 30 * mb))).status).toBe(200);

    const fits = await upload(carl, declared('fits.txt', 24 * mb));
    expect(fits.status).toBe(200);
    expect((await upload(carl, declared('one-byte.txt', 1))).body.message).toBe(
      storageQuotaMessage(quota, quota),
    );
    await p.call(carl, 'POST', fileRoutes.delete, { body: { key: fits.body.key } });
    expect((await upload(carl, declared('after-delete.txt', 24 * mb))).status).toBe(200);

    // Website pages (sized once fetched) start only while there is room.
    const page = { url: 'https://docs.example.com/guide' };
    const full = await p.call(carl, 'POST', websiteRoutes.add, { body: page });
    expect(full.statusCode).toBe(400);
    expect(full.json<{ message: string }>().message).toBe(storageQuotaMessage(quota, quota));
    const added = await p.call(dora, 'POST', websiteRoutes.add, { body: page });
    expect(added.statusCode).toBe(200);
    const [pageFile] = added.json<{ data: { files: { key: string }[] } }>().data.files;
    const doraLedger = (await p.events()).filter((e) => e.streamId === fileStorageStreamId(dora));
    expect(doraLedger.at(-1)).toMatchObject({
      type: 'FileStorageReserved',
      data: { key: pageFile?.key, bytes: websiteLimits.maxPageBytes },
    });
  });

  it('a website page is refused when its page cap does not fit in the room left, though the quota is not full', async () => {
    const jay = 'jay@example.com';
    for (let i = 0; i < 20; i += 1) await upload(jay, declared(`f${i}.txt`, 50 * mb));
    const used = quota - mb / 2;
    expect((await upload(jay, declared('almost.txt', used - 1000 * mb))).status).toBe(200);
    const before = await eventCount();
    const res = await p.call(jay, 'POST', websiteRoutes.add, { body: { url: 'https://docs.example.com/a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      storageExceededMessage(websiteLimits.maxPageBytes, quota, used),
    );
    expect(await eventCount()).toBe(before);
  });

  it('two uploads racing for the last room: exactly one is reserved', async () => {
    const erin = 'erin@example.com';
    for (let i = 0; i < 20; i += 1) await upload(erin, declared(`f${i}.txt`, 50 * mb));
    const racers = await Promise.all([1, 2, 3, 4].map((i) => upload(erin, declared(`r${i}.txt`, 20 * mb))));
    expect(racers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    const ledger = (await p.events()).filter((e) => e.streamId === fileStorageStreamId(erin));
    expect(ledger.filter((e) => e.type === 'FileStorageReserved')).toHaveLength(21);
  });

  it('without a declared size the URL takes what is left, and a PUT past it is refused with the quota message', async () => {
    const finn = 'finn@example.com';
    for (let i = 0; i < 20; i += 1) await upload(finn, declared(`f${i}.txt`, 50 * mb));
    const { status, body } = await upload(finn, { type: 'text/plain', name: 'unsized.txt' });
    expect(status).toBe(200);
    const tooBig = Buffer.alloc(24 * mb + 1, 0x61);
    const res = await put(body.url, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(storageQuotaMessage(quota, 1000 * mb));
    expect(await p.blobs.head(body.key)).toBeNull();
  });

  it('the bytes that arrived replace the reservation: a small file leaves the rest of its declared room', async () => {
    const gail = 'gail@example.com';
    for (let i = 0; i < 20; i += 1) await upload(gail, declared(`f${i}.txt`, 50 * mb));
    const small = await upload(gail, { type: 'text/plain', name: 'small.txt' });
    expect((await put(small.body.url, first)).statusCode).toBe(200);
    const ledger = (await p.events()).filter((e) => e.streamId === fileStorageStreamId(gail));
    expect(ledger.at(-1)).toMatchObject({
      type: 'FileStorageCounted',
      data: { key: small.body.key, bytes: first.length },
    });
    expect((await upload(gail, declared('rest.txt', 24 * mb - first.length))).status).toBe(200);
  });

  it("files from before the ledger count from the read model (the owner's rows the ledger does not know)", async () => {
    const hana = 'hana@example.com';
    const now = new Date();
    await p.database.db
      .insertInto('rm_files')
      .values({
        key: 'legacy/old.pdf',
        owner: hana,
        name: 'old.pdf',
        type: 'application/pdf',
        knowledge_base: 'default',
        status: 'completed',
        size: 1000 * mb,
        rag_on: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const over = await upload(hana, declared('new.txt', 30 * mb));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(storageExceededMessage(30 * mb, quota, 1000 * mb));
    expect((await upload(hana, declared('small.txt', 24 * mb))).status).toBe(200);
  });

  it('a row of the read model whose owner differs only in case is counted too (the ledger names owners in lower case)', async () => {
    const ivy = 'ivy@example.com';
    const now = new Date();
    await p.database.db
      .insertInto('rm_files')
      .values({
        key: 'legacy/ivy-old.pdf',
        owner: 'IVY@Example.com',
        name: 'old.pdf',
        type: 'application/pdf',
        knowledge_base: 'default',
        status: 'completed',
        size: 1000 * mb,
        rag_on: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const over = await upload(ivy, declared('new.txt', 30 * mb));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(storageExceededMessage(30 * mb, quota, 1000 * mb));
  });
});

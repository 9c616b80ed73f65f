import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentMessages,
  fileLimits,
  fileRoutes,
  fileStreamId,
  type DownloadUrlResponse,
  type FileMetadataResponse,
  type FileQueryResponse,
  type TagsListResponse,
  type UploadFileResponse,
} from '@app/contracts';
import { recordFileUploaded } from '../../../src/files/index';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const bytes = Buffer.from('hello world, these are my notes');
const md5Of = (b: Buffer) => createHash('md5').update(b).digest('base64');
const sha256Of = (b: Buffer) => createHash('sha256').update(b).digest('hex');

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
const put = (url: string, body: Buffer, headers: Record<string, string>) =>
  p.app.inject({ method: 'PUT', url, payload: body, headers });
const metadata = async (email: string, key: string) => {
  const res = await p.call(email, 'GET', fileRoutes.metadata(key));
  return { status: res.statusCode, body: res.json<FileMetadataResponse & { message?: string }>() };
};
const fileEvents = async (key: string) => (await p.events()).filter((e) => e.streamId === fileStreamId(key));
const eventCount = async () => (await p.events()).length;

describe('files: upload, bytes, metadata', () => {
  let key = '';

  it('an upload request records FileUploadRequested under a key the server chose and answers where to PUT', async () => {
    const { status, body } = await upload(ann, { type: 'text/plain', name: 'notes.txt', tags: ['work'] });
    expect(status).toBe(200);
    key = body.key;
    expect(key).toMatch(/^[0-9a-f]{16}\/[0-9a-f-]{36}\.txt$/);
    expect(key).not.toContain('ann');
    expect(body.metadataUrl).toBe(fileRoutes.metadata(key));
    expect(body.statusUrl).toBe(body.metadataUrl);
    const events = await fileEvents(key);
    expect(events.map((e) => e.type)).toEqual(['FileUploadRequested']);
    expect(events[0]?.data).toMatchObject({
      key,
      owner: ann,
      name: 'notes.txt',
      tags: ['work'],
      ragOn: true,
    });
  });

  it('the metadata says starting to its owner, and is not found for anyone else', async () => {
    const mine = await metadata(ann, key);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ key, name: 'notes.txt', status: 'starting', tags: ['work'] });
    expect((await metadata(bob, key)).status).toBe(404);
  });

  it('a PUT with its Content-MD5 stores the bytes and records FileUploaded with their digests', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'again.txt' });
    const res = await put(body.url, bytes, { 'content-type': 'text/plain', 'content-md5': md5Of(bytes) });
    expect(res.statusCode).toBe(200);
    const uploaded = (await fileEvents(body.key)).find((e) => e.type === 'FileUploaded');
    expect(uploaded?.data).toEqual({
      key: body.key,
      size: bytes.length,
      md5: md5Of(bytes),
      sha256: sha256Of(bytes),
    });
    expect(uploaded?.metadata.actor).toEqual({ email: 'system:blobs', kind: 'system' });
    const meta = await metadata(ann, body.key);
    expect(meta.body.data).toMatchObject({ status: 'starting', size: bytes.length });
    expect(await p.blobs.get(body.key)).toEqual(bytes);
  });

  it('a PUT whose bytes do not match its Content-MD5 is refused and records nothing', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'torn.txt' });
    const res = await put(body.url, bytes, {
      'content-type': 'text/plain',
      'content-md5': md5Of(Buffer.from('other')),
    });
    expect(res.statusCode).toBe(400);
    expect((await fileEvents(body.key)).map((e) => e.type)).toEqual(['FileUploadRequested']);
  });

  it('bytes that reached the store without a callback (S3) are noticed by the metadata poll', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 's3.txt' });
    await p.blobs.put(body.key, bytes, 'text/plain');
    const meta = await metadata(ann, body.key);
    expect(meta.body.data).toMatchObject({ status: 'starting', size: bytes.length });
    const uploaded = (await fileEvents(body.key)).find((e) => e.type === 'FileUploaded');
    expect(uploaded?.data).toMatchObject({ sha256: sha256Of(bytes), md5: md5Of(bytes) });
    expect(uploaded?.metadata.actor.email).toBe(ann);
  });
});

describe('files: the same bytes reported at once by the store and the poll', () => {
  it('are recorded once, neither report fails', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'race.txt' });
    const digests = { size: bytes.length, md5: md5Of(bytes), sha256: sha256Of(bytes) };
    const meta = (id: string) => ({
      actor: { email: 'system:blobs', kind: 'system' as const },
      commandId: id,
      correlationId: id,
      causationId: id,
      requestId: id,
      schemaVersion: 1,
    });
    const outcomes = await Promise.all(
      ['r1', 'r2', 'r3'].map((id) => recordFileUploaded(p.database.db, body.key, digests, meta(id))),
    );
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
    expect((await fileEvents(body.key)).filter((e) => e.type === 'FileUploaded')).toHaveLength(1);
  });
});

describe('files: refusals append nothing', () => {
  it.each([
    [{ type: 'text/plain', name: '' }, 'The file name cannot be empty'],
    [{ type: 'text/plain', name: 'README' }, documentMessages.typeNotSupported],
    [{ type: '', name: 'sheet.xls' }, documentMessages.saveAsXlsx],
    [{ type: '', name: 'deck.ppt' }, documentMessages.saveAsPptx],
    [{ type: '', name: 'setup.exe' }, documentMessages.typeNotSupported],
    [{ type: 'text/plain', name: 'big.txt', size: fileLimits.maxBytes + 1 }, documentMessages.tooLarge(50)],
  ])('%j → 400', async (request, message) => {
    const before = await eventCount();
    const { status, body } = await upload(ann, request);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
    expect(await eventCount()).toBe(before);
  });

  it('anonymous callers are refused', async () => {
    const res = await p.call(null, 'POST', fileRoutes.upload, {
      body: { type: 'text/plain', name: 'a.txt' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("files: tags, list, download, delete — the owner's only", () => {
  it("another user's key is not found for every write, and nothing is appended", async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'mine.txt' });
    const before = await eventCount();
    for (const [url, request] of [
      [fileRoutes.download, { key: body.key }],
      [fileRoutes.setTags, { id: body.key, tags: ['stolen'] }],
      [fileRoutes.reprocess, { key: body.key }],
      [fileRoutes.delete, { key: body.key }],
    ] as const) {
      const res = await p.call(bob, 'POST', url, { body: request });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await eventCount()).toBe(before);
  });

  it('tags are set, listed and searched; the bytes are downloaded; a delete removes the file and its bytes', async () => {
    const { body } = await upload(ann, { type: 'text/plain', name: 'Quarterly report.txt' });
    const key = body.key;
    expect(
      (await put(body.url, bytes, { 'content-type': 'text/plain', 'content-md5': md5Of(bytes) })).statusCode,
    ).toBe(200);
    const tagged = await p.call(ann, 'POST', fileRoutes.setTags, {
      body: { id: key, tags: ['finance', 'q3'] },
    });
    expect(tagged.statusCode).toBe(200);
    const { position } = tagged.json<{ position: string }>();

    const tags = await p.call(ann, 'GET', `${fileRoutes.tagsList}?waitFor=${position}`);
    expect(tags.json<TagsListResponse>().data.tags).toEqual(expect.arrayContaining(['finance', 'q3']));
    expect((await p.call(bob, 'GET', fileRoutes.tagsList)).json<TagsListResponse>().data.tags).toEqual([]);

    const found = await p.call(ann, 'POST', fileRoutes.query, { body: { search: 'QUARTERLY' } });
    expect(found.json<FileQueryResponse>().data.items.map((i) => i.key)).toEqual([key]);
    const byTag = await p.call(ann, 'POST', fileRoutes.query, { body: { tags: ['q3'] } });
    expect(byTag.json<FileQueryResponse>().data.items[0]).toMatchObject({ key, tags: ['finance', 'q3'] });
    const bobs = await p.call(bob, 'POST', fileRoutes.query, { body: {} });
    expect(bobs.json<FileQueryResponse>().data.items).toEqual([]);
    expect((await p.call(ann, 'POST', fileRoutes.query, { body: { pageSize: 0 } })).statusCode).toBe(400);

    const link = await p.call(ann, 'POST', fileRoutes.download, { body: { key } });
    const downloaded = await p.app.inject({
      method: 'GET',
      url: link.json<DownloadUrlResponse>().downloadUrl,
    });
    expect(downloaded.rawPayload).toEqual(bytes);

    const deleted = await p.call(ann, 'POST', fileRoutes.delete, { body: { key } });
    expect(deleted.statusCode).toBe(200);
    expect((await fileEvents(key)).map((e) => e.type).at(-1)).toBe('FileDeleted');
    expect(await p.blobs.head(key)).toBeNull();
    expect((await metadata(ann, key)).status).toBe(404);
    const after = await p.call(
      ann,
      'POST',
      `${fileRoutes.query}?waitFor=${deleted.json<{ position: string }>().position}`,
      {
        body: { search: 'quarterly' },
      },
    );
    expect(after.json<FileQueryResponse>().data.items).toEqual([]);
  });

  it('pages follow the cursor', async () => {
    const carl = 'carl@example.com';
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await upload(carl, { type: 'text/plain', name });
    await p.settle();
    const first = (
      await p.call(carl, 'POST', fileRoutes.query, { body: { pageSize: 2 } })
    ).json<FileQueryResponse>();
    expect(first.data.items).toHaveLength(2);
    expect(first.data.cursor).not.toBeNull();
    const second = (
      await p.call(carl, 'POST', fileRoutes.query, { body: { pageSize: 2, cursor: first.data.cursor } })
    ).json<FileQueryResponse>();
    expect(second.data.items).toHaveLength(1);
    expect(second.data.cursor).toBeNull();
    const names = [...first.data.items, ...second.data.items].map((i) => i.name).sort();
    expect(names).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});

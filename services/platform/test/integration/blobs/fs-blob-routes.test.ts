import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentMessages } from '@app/contracts';
import { blobRoutes, FsBlobStore, type BlobHead } from '../../../src/index';

const md5Of = (b: Buffer) => createHash('md5').update(b).digest('base64');
const sha256Of = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pathOf = (url: string) => new URL(url, 'http://127.0.0.1').pathname;

let root: string;
let clock = Date.parse('2026-11-24T03:00:00Z');
let store: FsBlobStore;
let app: FastifyInstance;
const uploaded: { key: string; head: BlobHead }[] = [];

/** Every file under the store's root, temp files included. */
const filesUnder = async (): Promise<string[]> =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile() && d.name !== '.url-secret')
    .map((d) => join(d.parentPath, d.name));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'blobs-'));
  store = new FsBlobStore({ root, secret: randomBytes(32), now: () => clock });
  app = Fastify();
  await app.register(
    blobRoutes({
      store,
      onUploaded: async (key, head) => {
        uploaded.push({ key, head });
      },
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  uploaded.length = 0;
  await rm(join(root, 'objects'), { recursive: true, force: true });
  await rm(join(root, 'tmp'), { recursive: true, force: true });
});

const body = Buffer.from('%PDF-1.7 hello blob store\n');
const key = 'ada@example.com/11111111-2222-3333-4444-555555555555.pdf';

const signPut = (opts: { md5?: string; maxBytes?: number; expiresInSeconds?: number } = {}) =>
  store.signUpload(key, {
    contentType: 'application/pdf',
    contentMd5: opts.md5 ?? md5Of(body),
    maxBytes: opts.maxBytes ?? 1024,
    expiresInSeconds: opts.expiresInSeconds ?? 600,
  });

const put = async (url: string, payload: Buffer, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'PUT',
    url: pathOf(url),
    payload,
    headers: { 'content-type': 'application/pdf', 'content-md5': md5Of(body), ...headers },
  });

describe('filesystem blob routes', () => {
  it('Given a signed PUT url, When the bytes arrive with their Content-MD5, Then they are stored, told and downloadable', async () => {
    const url = await signPut();
    expect(url).toMatch(/^\/blobs\/upload\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const res = await put(url, body);
    expect(res.statusCode).toBe(200);
    const head = {
      size: body.length,
      contentType: 'application/pdf',
      md5: md5Of(body),
      sha256: sha256Of(body),
    };
    expect(uploaded).toEqual([{ key, head }]);
    expect(await store.head(key)).toEqual(head);
    expect(await store.get(key)).toEqual(body);
    expect((await filesUnder()).filter((f) => f.startsWith(join(root, 'tmp')))).toEqual([]);

    const download = await store.signDownload(key, { expiresInSeconds: 60, fileName: 'Q3 "plan".pdf' });
    const got = await app.inject({ method: 'GET', url: pathOf(download) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload).toEqual(body);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Q3 _plan_.pdf"; filename*=UTF-8''Q3%20%22plan%22.pdf`,
    );
  });

  it('Given a signed PUT url, When the bytes do not match the Content-MD5, Then 400 and nothing is stored', async () => {
    const url = await signPut();
    const other = Buffer.from('%PDF-1.7 hello blob storE\n');
    const res = await put(url, other);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: documentMessages.md5Mismatch });
    const wrongHeader = await put(url, body, { 'content-md5': md5Of(other) });
    expect(wrongHeader.statusCode).toBe(400);
    expect(wrongHeader.json<{ message: string }>().message).toBe(documentMessages.md5Mismatch);
    expect(await store.head(key)).toBeNull();
    expect(await filesUnder()).toEqual([]);
    expect(uploaded).toEqual([]);
  });

  it('Given a signed PUT url, When the Content-Type is not the one signed, Then 400 and nothing is stored', async () => {
    const res = await put(await signPut(), body, { 'content-type': 'text/html' });
    expect(res.statusCode).toBe(400);
    expect(await filesUnder()).toEqual([]);
  });

  it('Given a url signed for JSON, When a body that is not JSON at all arrives, Then it is stored as bytes (no parser reads it)', async () => {
    const json = Buffer.from('{"not": json at all');
    const url = await store.signUpload('bo@example.com/x.json', {
      contentType: 'application/json',
      contentMd5: md5Of(json),
      maxBytes: 1024,
      expiresInSeconds: 60,
    });
    const res = await put(url, json, { 'content-type': 'application/json', 'content-md5': md5Of(json) });
    expect(res.statusCode).toBe(200);
    expect(await store.get('bo@example.com/x.json')).toEqual(json);
    const noType = await app.inject({
      method: 'PUT',
      url: pathOf(await signPut()),
      payload: body,
      headers: { 'content-md5': md5Of(body) },
    });
    expect(noType.statusCode).toBe(400);
  });

  it('Given a cap, When the declared length is past it, Then 413 before reading and nothing is stored', async () => {
    const big = randomBytes(4096);
    const res = await put(await signPut({ md5: md5Of(big), maxBytes: 1000 }), big, {
      'content-md5': md5Of(big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(documentMessages.tooLarge(0));
    expect(await filesUnder()).toEqual([]);
  });

  it('Given a cap, When a streamed body without a length runs past it, Then 413 and nothing is stored', async () => {
    const chunk = randomBytes(64 * 1024);
    const url = await signPut({ md5: md5Of(chunk), maxBytes: 100 * 1024 });
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const res = await fetch(`http://127.0.0.1:${address.port}${pathOf(url)}`, {
      method: 'PUT',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': 'application/pdf', 'content-md5': md5Of(chunk) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: documentMessages.tooLarge(0.1) });
    expect(await filesUnder()).toEqual([]);
    expect(uploaded).toEqual([]);
  });

  it('Given an expired or tampered url, When it is used, Then 403 with the expiry message and nothing is stored', async () => {
    const url = await signPut({ expiresInSeconds: 60 });
    clock += 61_000;
    const expired = await put(url, body);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ success: false, message: documentMessages.urlExpired });

    const fresh = await signPut();
    const tampered = `${fresh.slice(0, -3)}${fresh.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await put(tampered, body)).statusCode).toBe(403);
    const download = await store.signDownload(key, { expiresInSeconds: 60 });
    expect((await put(download.replace('/download/', '/upload/'), body)).statusCode).toBe(403);
    expect(await filesUnder()).toEqual([]);
  });

  it('Given a download url, When it expired or the object is gone, Then 403 or 404', async () => {
    await store.put(key, body, 'application/pdf');
    const download = await store.signDownload(key, { expiresInSeconds: 60 });
    clock += 61_000;
    const expired = await app.inject({ method: 'GET', url: pathOf(download) });
    expect(expired.statusCode).toBe(403);
    expect(expired.json<{ message: string }>().message).toBe(documentMessages.downloadExpired);
    const fresh = await store.signDownload(key, { expiresInSeconds: 60 });
    await store.delete(key);
    const gone = await app.inject({ method: 'GET', url: pathOf(fresh) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ message: string }>().message).toBe(documentMessages.fileNotFound);
  });

  it('Given the store, When an object is put, read, headed and deleted, Then each step sees it or not', async () => {
    await store.put('bo@example.com/a.txt', Buffer.from('hi'), 'text/plain');
    expect(await store.head('bo@example.com/a.txt')).toMatchObject({ size: 2, contentType: 'text/plain' });
    expect((await store.get('bo@example.com/a.txt'))?.toString()).toBe('hi');
    await store.delete('bo@example.com/a.txt');
    await store.delete('bo@example.com/a.txt');
    expect(await store.head('bo@example.com/a.txt')).toBeNull();
    expect(await store.get('bo@example.com/a.txt')).toBeNull();
    await expect(store.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Refused blob key/);
  });
});

describe('filesystem blob routes: an upload URL is used once', () => {
  const other = Buffer.from('%PDF-1.7 other bytes, same length\n');

  it('Given a stored upload, When its URL (or another for the key) is PUT again, Then 409 and the first bytes stay', async () => {
    const url = await signPut();
    expect((await put(url, body)).statusCode).toBe(200);
    const again = await put(url, body);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(documentMessages.uploadUsed);
    const fresh = await signPut({ md5: md5Of(other) });
    expect((await put(fresh, other, { 'content-md5': md5Of(other) })).statusCode).toBe(409);
    expect(await store.get(key)).toEqual(body);
    expect(uploaded).toHaveLength(1);
  });

  it('Given two PUTs racing on one key, When both arrive whole, Then exactly one stores its bytes', async () => {
    const [a, b] = await Promise.all([
      signPut().then((u) => put(u, body)),
      signPut({ md5: md5Of(other) }).then((u) => put(u, other, { 'content-md5': md5Of(other) })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const kept = a.statusCode === 200 ? body : other;
    expect(await store.get(key)).toEqual(kept);
    expect(uploaded).toHaveLength(1);
  });

  it('Given a deleted key, When its unused upload URL is PUT, Then 409, nothing is stored and its download URL finds nothing', async () => {
    const url = await signPut();
    const download = await store.signDownload(key, { expiresInSeconds: 600 });
    await store.delete(key);
    const res = await put(url, body);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(documentMessages.uploadRevoked);
    expect(await store.head(key)).toBeNull();
    expect(uploaded).toEqual([]);
    expect((await app.inject({ method: 'GET', url: pathOf(download) })).statusCode).toBe(404);
    expect((await filesUnder()).filter((f) => !f.endsWith('.deleted'))).toEqual([]);
  });

  it('Given a delete that lands while a PUT moves its bytes in, When the PUT checks after its commit, Then the bytes go', async () => {
    expect(await store.claimUpload(key)).toBe(true);
    const temp = await store.tempPath();
    await writeFile(temp, body);
    await store.commit(temp, { key, size: body.length, contentType: 'application/pdf' });
    await store.delete(key);
    expect(await store.keepUnlessDeleted(key)).toBe(false);
    expect(await store.head(key)).toBeNull();
    expect(await store.claimUpload(key)).toBe(false);
  });

  it('Given a PUT whose bytes cannot be moved into place, When it fails, Then 507 with a message, nothing stored, and a later PUT to the URL stores them', async () => {
    const url = await signPut();
    const commit = vi
      .spyOn(store, 'commit')
      .mockRejectedValueOnce(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    const failed = await put(url, body);
    expect(failed.statusCode).toBe(507);
    expect(failed.json<{ message: string }>().message).toBe(documentMessages.uploadNotStored);
    expect(await store.head(key)).toBeNull();
    expect(uploaded).toEqual([]);
    commit.mockRestore();
    expect((await put(url, body)).statusCode).toBe(200);
    expect(await store.get(key)).toEqual(body);
    expect(uploaded).toHaveLength(1);
  });
});

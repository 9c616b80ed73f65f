import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, S3BlobStore } from '../../../src/index';

const md5Of = (b: Buffer) => createHash('md5').update(b).digest('base64');
const bucket = 'documents';

let directory: string;
let server: S3rver;
let store: S3BlobStore;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const created = await createBlobStore({
    DATA_DIR: directory,
    PUBLIC_URL: undefined,
    BLOB_URL_SECRET: undefined,
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_PUBLIC_ENDPOINT: undefined,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  });
  if (!(created instanceof S3BlobStore)) throw new Error('S3_BUCKET set: expected the S3 store');
  store = created;
});

afterAll(async () => {
  store?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('S3 blob store (against s3rver)', () => {
  it('Given the store, When an object is put, headed, read and deleted, Then each step sees it or not', async () => {
    const key = 'ada@example.com/0b5c7b1e.txt';
    const body = Buffer.from('hello from the S3 store');
    await store.put(key, body, 'text/plain');
    expect(await store.head(key)).toEqual({ size: body.length, contentType: 'text/plain', md5: md5Of(body) });
    expect(await store.get(key)).toEqual(body);
    await store.delete(key);
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
  });

  it('Given an object, When it is streamed, Then the bytes come as a stream; after its delete (a tombstone) nothing does', async () => {
    const key = 'ada@example.com/5e1f0c2a.txt';
    const body = randomBytes(64 * 1024);
    await store.put(key, body, 'text/plain');
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.stream(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(body);
    await store.delete(key);
    expect(await store.stream(key)).toBeNull();
    expect(await store.stream('ada@example.com/never-put.txt')).toBeNull();
  });

  it('Given a presigned PUT url, When the browser PUTs with the signed Content-Type and Content-MD5, Then head sees the object', async () => {
    const key = 'ada@example.com/11111111-2222.pdf';
    const body = randomBytes(2048);
    const url = await store.signUpload(key, {
      contentType: 'application/pdf',
      contentMd5: md5Of(body),
      maxBytes: 4096,
      expiresInSeconds: 300,
      metadata: { owner: 'ada@example.com' },
    });
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const res = await fetch(url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/pdf', 'content-md5': md5Of(body), 'if-none-match': '*' },
    });
    expect(res.status).toBe(200);
    expect(await store.head(key)).toEqual({
      size: body.length,
      contentType: 'application/pdf',
      md5: md5Of(body),
    });

    const download = await store.signDownload(key, { expiresInSeconds: 60, fileName: 'plan.pdf' });
    const got = await fetch(download);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(body);
    expect(got.headers.get('content-disposition')).toContain('filename="plan.pdf"');
  });

  // s3rver checks neither SigV4 signatures nor Content-MD5 against the bytes (S3 and MinIO do: 403
  // SignatureDoesNotMatch, 400 BadDigest), so what the URL binds is read from the URL itself.
  it('Given a presigned PUT url, When it is read, Then it signs Content-Type and Content-MD5 and asks for no checksum', async () => {
    const url = new URL(
      await store.signUpload('ada@example.com/33333333.pdf', {
        contentType: 'application/pdf',
        contentMd5: md5Of(Buffer.from('x')),
        maxBytes: 4096,
        expiresInSeconds: 300,
        metadata: { owner: 'ada@example.com' },
      }),
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual([
      'content-md5',
      'content-type',
      'host',
      'if-none-match',
    ]);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('x-amz-meta-owner')).toBe('ada@example.com');
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
  });

  it('Given a public endpoint, When URLs are signed, Then they name it while the store itself still reaches the server', async () => {
    const { port } = new URL(await store.signDownload('a/b', { expiresInSeconds: 60 }));
    const behindProxy = new S3BlobStore({
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      publicEndpoint: 'https://chat.example.org',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    try {
      const url = new URL(await behindProxy.signDownload('ada@example.com/x.pdf', { expiresInSeconds: 60 }));
      expect(`${url.origin}${url.pathname}`).toBe(
        `https://chat.example.org/${bucket}/ada%40example.com/x.pdf`,
      );
      await behindProxy.put('ada@example.com/x.pdf', Buffer.from('x'), 'application/pdf');
      expect((await behindProxy.head('ada@example.com/x.pdf'))?.size).toBe(1);
    } finally {
      behindProxy.close();
    }
  });

  // s3rver implements no conditional write (it stores a PUT whatever If-None-Match says; S3 and
  // MinIO answer 412): what is checked here is that the URL binds the condition, and that a delete
  // leaves a tombstone a conditional PUT would find.
  it('Given a declared size, When a PUT url is signed, Then it binds If-None-Match: * and the Content-Length', async () => {
    const url = new URL(
      await store.signUpload('ada@example.com/44444444.txt', {
        contentType: 'text/plain',
        maxBytes: 4096,
        contentLength: 12,
        expiresInSeconds: 300,
      }),
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual([
      'content-length',
      'content-type',
      'host',
      'if-none-match',
    ]);
  });

  it('Given an uploaded object, When it is deleted, Then a tombstone stays: head and get find nothing, its old download url serves no bytes', async () => {
    const key = 'ada@example.com/55555555.txt';
    const body = Buffer.from('soon deleted');
    await store.put(key, body, 'text/plain');
    const download = await store.signDownload(key, { expiresInSeconds: 60, fileName: 'x.txt' });
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    const got = await fetch(download);
    expect((await got.arrayBuffer()).byteLength).toBe(0);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentMessages,
  fileLimits,
  fileRoutes,
  fileStreamId,
  type FileMetadataResponse,
  type UploadFileResponse,
} from '@app/contracts';
import {
  FsBlobStore,
  type BlobHead,
  type BlobStore,
  type SignDownloadOptions,
  type SignUploadOptions,
} from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';

/**
 * A store as S3 is to the files routes: its signed PUTs are not capped by the store (no
 * `boundsUploads`), it does not call back, and its head has no SHA-256. The bytes are put
 * directly, as a PUT to a presigned URL would leave them; reads whole and streamed are counted.
 */
class UnboundedStore implements BlobStore {
  gets = 0;
  streams = 0;
  constructor(readonly inner: FsBlobStore) {}
  signUpload = (key: string, opts: SignUploadOptions) => this.inner.signUpload(key, opts);
  signDownload = (key: string, opts: SignDownloadOptions) => this.inner.signDownload(key, opts);
  put = (key: string, body: Buffer, type: string) => this.inner.put(key, body, type);
  delete = (key: string) => this.inner.delete(key);
  async head(key: string): Promise<BlobHead | null> {
    const found = await this.inner.head(key);
    return found && { size: found.size, contentType: found.contentType, md5: found.md5 };
  }
  async get(key: string): Promise<Buffer | null> {
    this.gets += 1;
    return this.inner.get(key);
  }
  async stream(key: string): Promise<Readable | null> {
    this.streams += 1;
    return this.inner.stream(key);
  }
}

const ann = 'ann@example.com';
let dir: string;
let store: UnboundedStore;
let p: TestPlatform;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'unbounded-blobs-'));
  store = new UnboundedStore(new FsBlobStore({ root: dir, secret: randomBytes(32) }));
  p = await startTestPlatform({ admins: [], blobs: store });
});
afterAll(async () => {
  await p?.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = async (body: unknown) => {
  const res = await p.call(ann, 'POST', fileRoutes.upload, { body });
  return { status: res.statusCode, body: res.json<UploadFileResponse & { message?: string }>() };
};
const metadataOf = async (key: string) =>
  (await p.call(ann, 'GET', fileRoutes.metadata(key))).json<FileMetadataResponse>().data;
const fileEvents = async (key: string) => (await p.events()).filter((e) => e.streamId === fileStreamId(key));

describe('a store that cannot cap a signed PUT (S3)', () => {
  it('an upload request without a size is refused with a 400 naming it, and nothing is appended', async () => {
    const before = (await p.events()).length;
    const { status, body } = await upload({ type: 'text/plain', name: 'unsized.txt' });
    expect(status).toBe(400);
    expect(body.message).toBe(documentMessages.sizeRequired);
    expect((await p.events()).length).toBe(before);
  });

  it('bytes past the declared size fail the file on the metadata poll, unread, and are deleted', async () => {
    const { status, body } = await upload({ type: 'text/plain', name: 'small.txt', size: 10 });
    expect(status).toBe(200);
    await store.put(body.key, Buffer.alloc(4096, 0x61), 'text/plain');
    const [gets, streams] = [store.gets, store.streams];
    const data = await metadataOf(body.key);
    expect(data.status).toBe('failed');
    expect(data.message).toBe(documentMessages.largerThanDeclared(10));
    expect([store.gets, store.streams]).toEqual([gets, streams]);
    expect(await store.head(body.key)).toBeNull();
    expect((await fileEvents(body.key)).map((e) => e.type)).not.toContain('FileUploaded');
  });

  it('bytes past the file size limit fail the file with the limit, unread', async () => {
    const { body } = await upload({ type: 'text/plain', name: 'big.txt', size: 10 });
    const big = fileLimits.maxBytes + 1;
    const inner = store.inner;
    // A head that reports the object past the limit (without writing 50 MB to disk).
    const head = store.head.bind(store);
    store.head = async (key) => {
      const found = await head(key);
      return found && key === body.key ? { ...found, size: big } : found;
    };
    try {
      await inner.put(body.key, Buffer.from('x'), 'text/plain');
      const [gets, streams] = [store.gets, store.streams];
      const data = await metadataOf(body.key);
      expect(data.status).toBe('failed');
      expect(data.message).toBe(documentMessages.tooLarge(fileLimits.maxBytes / (1024 * 1024)));
      expect([store.gets, store.streams]).toEqual([gets, streams]);
    } finally {
      store.head = head;
    }
  });

  it('bytes of the declared size are hashed as a stream, not read whole, and recorded', async () => {
    const bytes = Buffer.from('the notes, as declared');
    const { body } = await upload({ type: 'text/plain', name: 'fits.txt', size: bytes.length });
    await store.put(body.key, bytes, 'text/plain');
    const gets = store.gets;
    await metadataOf(body.key);
    expect(store.gets).toBe(gets);
    const uploaded = (await fileEvents(body.key)).find((e) => e.type === 'FileUploaded');
    expect(uploaded?.data).toMatchObject({
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      md5: createHash('md5').update(bytes).digest('base64'),
    });
  });
});

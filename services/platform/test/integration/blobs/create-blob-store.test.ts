import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, FsBlobStore, loadSettings, S3BlobStore } from '../../../src/index';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'blob-factory-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const tokenOf = (url: string) => url.split('/').pop()!;

describe('createBlobStore', () => {
  it('Given no S3_BUCKET and no BLOB_URL_SECRET, When two processes create the store, Then both use files under DATA_DIR/blobs and one kept secret', async () => {
    const settings = loadSettings({ DATA_DIR: dataDir });
    const first = await createBlobStore(settings);
    const second = await createBlobStore(settings);
    expect(first).toBeInstanceOf(FsBlobStore);
    expect(second).toBeInstanceOf(FsBlobStore);
    const secretFile = await stat(join(dataDir, 'blobs', '.url-secret'));
    expect(secretFile.mode & 0o777).toBe(0o600);
    const url = await first.signUpload('ada@example.com/a.pdf', {
      contentType: 'application/pdf',
      maxBytes: 10,
      expiresInSeconds: 60,
    });
    expect(url.startsWith('/blobs/upload/')).toBe(true);
    expect((second as FsBlobStore).checkToken(tokenOf(url), 'upload').ok).toBe(true);
  });

  it('Given BLOB_URL_SECRET and PUBLIC_URL, When the store signs, Then the URL is absolute and another secret refuses it', async () => {
    const secret = 'x'.repeat(40);
    const store = await createBlobStore(
      loadSettings({ DATA_DIR: dataDir, BLOB_URL_SECRET: secret, PUBLIC_URL: 'https://docs.example.com/' }),
    );
    const url = await store.signDownload('ada@example.com/a.pdf', { expiresInSeconds: 60 });
    expect(url.startsWith('https://docs.example.com/blobs/download/')).toBe(true);
    const kept = (await createBlobStore(loadSettings({ DATA_DIR: dataDir }))) as FsBlobStore;
    expect(kept.checkToken(tokenOf(url), 'download')).toEqual({ ok: false, reason: 'tampered' });
  });

  it('Given S3_BUCKET, When the store is created, Then it is S3; half a key pair is refused', async () => {
    const s3 = loadSettings({ DATA_DIR: dataDir, S3_BUCKET: 'documents', S3_FORCE_PATH_STYLE: 'true' });
    const store = await createBlobStore(s3);
    expect(store).toBeInstanceOf(S3BlobStore);
    (store as S3BlobStore).close();
    await expect(createBlobStore({ ...s3, S3_ACCESS_KEY_ID: 'only-the-id' })).rejects.toThrow(/go together/);
    expect(() => loadSettings({ BLOB_URL_SECRET: 'short' })).toThrow(/BLOB_URL_SECRET/);
  });
});

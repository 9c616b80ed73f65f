import { describe, expect, it } from 'vitest';
import { documentMessages, fileLimits, type FileMetadata, type FileStatus } from '@app/contracts';
import { uploadFile, type UploadPorts } from './upload-file';
import type { UploadAction } from './upload-progress';

const key = 'user@example.com/1234.txt';
const metadataUrl = `/api/files/metadata/${encodeURIComponent(key)}`;
const metadata = (status: FileStatus, message?: string): FileMetadata => ({
  key,
  name: 'notes.txt',
  type: 'text/plain',
  status,
  tags: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...(message ? { message } : {}),
});

interface Fake {
  ports: UploadPorts;
  deleted: string[];
  puts: { url: string; contentType: string; contentMd5: string }[];
  clock: { now: number };
}

const fake = (
  overrides: Partial<UploadPorts> = {},
  statuses: FileMetadata[] = [metadata('completed')],
): Fake => {
  const deleted: string[] = [];
  const puts: Fake['puts'] = [];
  const clock = { now: 0 };
  let poll = 0;
  const ports: UploadPorts = {
    requestUpload: () =>
      Promise.resolve({
        success: true,
        key,
        url: '/blobs/upload/t',
        contentUrl: '/c',
        statusUrl: metadataUrl,
        metadataUrl,
      }),
    refusedStatus: (e) => (e instanceof Error ? e.message : String(e)),
    contentMd5: () => Promise.resolve('md5=='),
    putFile: (url, _file, options) => {
      puts.push({ url, contentType: options.contentType, contentMd5: options.contentMd5 });
      options.onProgress(5, 10);
      options.onProgress(10, 10);
      return Promise.resolve();
    },
    fetchMetadata: () => Promise.resolve(statuses[Math.min(poll++, statuses.length - 1)]!),
    deleteFile: (k) => {
      deleted.push(k);
      return Promise.resolve();
    },
    sleep: (ms) => {
      clock.now += ms;
      return Promise.resolve();
    },
    now: () => clock.now,
    ...overrides,
  };
  return { ports, deleted, puts, clock };
};

const run = async (f: Fake, awaitProcessing = true, signal = new AbortController().signal) => {
  const actions: UploadAction[] = [];
  const outcome = await uploadFile(f.ports, {
    file: new Blob(['hello']),
    name: 'notes.txt',
    type: 'text/plain',
    awaitProcessing,
    signal,
    onProgress: (a) => actions.push(a),
  });
  return { outcome, actions };
};

describe('the upload flow', () => {
  it('given a file, when it is sent and processed, then it reports progress, sent, done', async () => {
    const f = fake({}, [metadata('starting'), metadata('processing'), metadata('completed')]);
    const { outcome, actions } = await run(f);
    expect(outcome).toEqual({ ok: true, key, metadata: metadata('completed') });
    expect(actions.map((a) => a.type)).toEqual(['progress', 'progress', 'sent', 'done']);
    expect(f.puts).toEqual([{ url: '/blobs/upload/t', contentType: 'text/plain', contentMd5: 'md5==' }]);
    expect(f.clock.now).toBe(2 * fileLimits.pollMs);
    expect(f.deleted).toEqual([]);
  });

  it('sends the Content-MD5 with the upload request too (a store that signs it refuses other bytes)', async () => {
    const bodies: unknown[] = [];
    const base = fake();
    const f = fake({
      requestUpload: (body, signal) => {
        bodies.push(body);
        return base.ports.requestUpload(body, signal);
      },
    });
    await run(f);
    expect(bodies).toEqual([{ type: 'text/plain', name: 'notes.txt', ragOn: true, size: 5, md5: 'md5==' }]);
  });

  it('given the upload flag off, then it is done once sent, without waiting for processing', async () => {
    const f = fake({ fetchMetadata: () => Promise.reject(new Error('not asked')) });
    const { outcome, actions } = await run(f, false);
    expect(outcome).toEqual({ ok: true, key, metadata: null });
    expect(actions.at(-1)).toEqual({ type: 'done' });
  });

  it('given the upload request is refused, then "Failed to get presigned url: {status}"', async () => {
    const f = fake({ requestUpload: () => Promise.reject(new Error('500')), refusedStatus: () => 500 });
    const { outcome } = await run(f);
    expect(outcome).toEqual({
      ok: false,
      message: documentMessages.presignedUrlFailed(500),
      cancelled: false,
    });
    expect(f.deleted).toEqual([]);
  });

  it('given the PUT fails, then its message shows and the server file is removed', async () => {
    const f = fake({
      putFile: () => Promise.reject(new Error(documentMessages.uploadFailedWithStatus(403))),
    });
    const { outcome, actions } = await run(f);
    expect(outcome).toEqual({ ok: false, message: 'Upload failed with status code 403', cancelled: false });
    expect(actions.at(-1)).toEqual({ type: 'failed', message: 'Upload failed with status code 403' });
    expect(f.deleted).toEqual([key]);
  });

  it('given processing fails, then the server says why (else "Upload failed"), and the file is removed', async () => {
    const ocr = fake({}, [metadata('failed', documentMessages.noTextExtracted)]);
    expect((await run(ocr)).outcome).toMatchObject({ ok: false, message: documentMessages.noTextExtracted });
    expect(ocr.deleted).toEqual([key]);
    const bare = fake({}, [metadata('failed')]);
    expect((await run(bare)).outcome).toMatchObject({ ok: false, message: documentMessages.uploadFailed });
  });

  it('given processing never ends, then "Timeout reached." after 120 s of polls every 500 ms', async () => {
    const f = fake({}, [metadata('processing')]);
    const { outcome } = await run(f);
    expect(outcome).toMatchObject({ ok: false, message: documentMessages.timeoutReached });
    expect(f.clock.now).toBeLessThanOrEqual(fileLimits.processingWaitMs);
    expect(f.clock.now).toBeGreaterThan(fileLimits.processingWaitMs - 2 * fileLimits.pollMs);
    expect(f.deleted).toEqual([key]);
  });

  it('given a metadata read fails, then it asks again', async () => {
    let calls = 0;
    const f = fake({
      fetchMetadata: () =>
        calls++ === 0 ? Promise.reject(new Error('502')) : Promise.resolve(metadata('completed')),
    });
    expect((await run(f)).outcome).toMatchObject({ ok: true });
  });

  it('given a cancel while waiting, then "Upload file aborted" and the server file is removed', async () => {
    const controller = new AbortController();
    const f = fake(
      {
        sleep: (_ms, signal) => {
          controller.abort();
          return signal.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve();
        },
      },
      [metadata('processing')],
    );
    const { outcome, actions } = await run(f, true, controller.signal);
    expect(outcome).toEqual({ ok: false, message: documentMessages.uploadAborted, cancelled: true });
    expect(actions.at(-1)).toEqual({ type: 'cancelled', message: documentMessages.uploadAborted });
    expect(f.deleted).toEqual([key]);
  });
});

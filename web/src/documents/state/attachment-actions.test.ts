import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { documentMessages, fileLimits } from '@app/contracts';
import type { UploadPorts } from '../upload-file';
import { browserUploadPorts } from '../upload-ports';
import {
  addFilesAtom,
  attachExistingAtom,
  removeAttachmentAtom,
  setUploadPorts,
  takeAttachedAtom,
} from './attachment-actions';
import { attachedSourcesAtom, attachmentNoticesAtom, attachmentsAtom } from './attachments';

const key = 'user@example.com/1.txt';

const fakePorts = (deleted: string[]): UploadPorts => ({
  requestUpload: () =>
    Promise.resolve({
      success: true,
      key,
      url: '/blobs/upload/t',
      contentUrl: '/c',
      statusUrl: '/s',
      metadataUrl: '/m',
    }),
  refusedStatus: () => 500,
  contentMd5: () => Promise.resolve('md5=='),
  putFile: () => Promise.resolve(),
  fetchMetadata: () =>
    Promise.resolve({
      key,
      name: 'notes.txt',
      type: 'text/plain',
      status: 'completed',
      totalItems: 3,
      tags: [],
      createdAt: '',
      updatedAt: '',
    }),
  deleteFile: (k) => {
    deleted.push(k);
    return Promise.resolve();
  },
  sleep: () => Promise.resolve(),
  now: () => 0,
});

// The feature flags are read from the server: here there is none, so the flag counts as on.
vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
// Unit files share one worker (vitest.config.ts): the next file gets the real fetch back.
afterAll(() => vi.unstubAllGlobals());

afterEach(() => {
  setUploadPorts(browserUploadPorts);
  vi.useRealTimers();
});

describe('attachments of the message being written', () => {
  it('given files picked, then the refused ones are said under the input and the others complete', async () => {
    const store = createStore();
    setUploadPorts(fakePorts([]));
    await store.set(addFilesAtom, [
      new File(['a,b'], 'budget.xls'),
      new File(['hello'], 'my  notes.txt', { type: 'text/plain' }),
    ]);
    expect(store.get(attachmentNoticesAtom).map((n) => [n.name, n.message])).toEqual([
      ['budget.xls', documentMessages.saveAsXlsx],
    ]);
    expect(store.get(attachmentsAtom)).toMatchObject([
      { name: 'my_notes.txt', key, progress: { phase: 'done', percent: 100 }, status: 'completed' },
    ]);
    expect(store.get(attachedSourcesAtom)).toEqual([
      { id: key, key, name: 'my_notes.txt', type: 'text/plain', metadata: { totalItems: 3 } },
    ]);
    store.set(takeAttachedAtom);
    expect(store.get(attachmentsAtom)).toEqual([]);
  });

  it('given a finished upload removed from the message, then its server file is deleted 45 s later', async () => {
    vi.useFakeTimers();
    const deleted: string[] = [];
    const store = createStore();
    setUploadPorts(fakePorts(deleted));
    await store.set(addFilesAtom, [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    const [attachment] = store.get(attachmentsAtom);
    store.set(removeAttachmentAtom, attachment!.id);
    expect(store.get(attachmentsAtom)).toEqual([]);
    vi.advanceTimersByTime(fileLimits.deleteAfterCancelMs - 1);
    expect(deleted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(deleted).toEqual([key]);
  });

  it('given an earlier document attached from the list, then removing it never deletes it', () => {
    vi.useFakeTimers();
    const deleted: string[] = [];
    const store = createStore();
    setUploadPorts(fakePorts(deleted));
    const document = { id: key, key, name: 'notes.txt', type: 'text/plain' };
    store.set(attachExistingAtom, document);
    store.set(attachExistingAtom, document);
    expect(store.get(attachedSourcesAtom)).toEqual([document]);
    store.set(removeAttachmentAtom, store.get(attachmentsAtom)[0]!.id);
    vi.advanceTimersByTime(fileLimits.deleteAfterCancelMs * 2);
    expect(deleted).toEqual([]);
  });
});

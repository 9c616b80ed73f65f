import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { attachedImagesAtom, attachedSourcesAtom, attachmentsAtom, type Attachment } from './attachments';

const done = (name: string, type: string, key: string): Attachment => ({
  id: name,
  name,
  type,
  size: 10,
  key,
  progress: { phase: 'done', percent: 100, message: null },
  status: 'completed',
  metadata: null,
});

describe('what goes with a message: documents and images', () => {
  it('Given a text file, a PNG and a photo without a type, When sent, Then the images go as images, never as documents to search', () => {
    const store = createStore();
    store.set(attachmentsAtom, [
      done('notes.txt', 'text/plain', 'k/notes'),
      done('pixel.png', 'image/png', 'k/pixel'),
      done('photo.JPG', '', 'k/photo'),
      {
        ...done('late.png', 'image/png', 'k/late'),
        progress: { phase: 'sending', percent: 10, message: null },
      },
    ]);
    expect(store.get(attachedSourcesAtom).map((s) => s.key)).toEqual(['k/notes']);
    expect(store.get(attachedImagesAtom)).toEqual([
      { key: 'k/pixel', name: 'pixel.png' },
      { key: 'k/photo', name: 'photo.JPG' },
    ]);
  });
});

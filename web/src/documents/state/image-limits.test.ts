import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { chatImageLimits, chatImageMessages } from '@app/contracts';
import { browserUploadPorts } from '../upload-ports';
import type { UploadPorts } from '../upload-file';
import { addFilesAtom, setUploadPorts } from './attachment-actions';
import { attachmentNoticesAtom, attachmentsAtom } from './attachments';

/** Uploads that never finish: what is checked is what is refused before anything is sent. */
const pendingPorts: UploadPorts = {
  ...browserUploadPorts,
  contentMd5: () => new Promise(() => undefined),
  deleteFile: () => Promise.resolve(),
};

afterEach(() => setUploadPorts(browserUploadPorts));

const picture = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('images picked for a message', () => {
  it('Given more images than a message takes and one too large, When picked, Then those are refused in words and the rest attached', () => {
    setUploadPorts(pendingPorts);
    const store = createStore();
    const many = Array.from({ length: chatImageLimits.perMessage + 1 }, (_, i) => picture(`p${i}.png`));
    const big = new File([new Uint8Array(chatImageLimits.bytes + 1)], 'big.png', { type: 'image/png' });
    void store.set(addFilesAtom, [big, ...many]);
    expect(store.get(attachmentsAtom).map((a) => a.name)).toEqual(many.slice(0, -1).map((f) => f.name));
    expect(store.get(attachmentNoticesAtom).map((n) => [n.name, n.message])).toEqual([
      ['big.png', chatImageMessages.tooLarge('big.png')],
      [`p${chatImageLimits.perMessage}.png`, chatImageMessages.tooManyInMessage],
    ]);
  });
});

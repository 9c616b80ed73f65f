import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export type Received = { kind: 'stored'; size: number; md5: string; sha256: string } | { kind: 'too_large' };

/**
 * Copies `source` into a new file at `dest`, at most `maxBytes` of it, taking its MD5 (base64) and
 * SHA-256 (hex) on the way. Past the cap it stops reading at once (the source is left paused, not
 * destroyed, so the caller can still answer 413) and removes the file; on any error too. Only a
 * `stored` answer leaves a file behind.
 */
export const receiveCapped = async (source: Readable, dest: string, maxBytes: number): Promise<Received> => {
  const out = createWriteStream(dest, { flags: 'wx' });
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  let completed = false;
  try {
    await once(out, 'open');
    for await (const chunk of source.iterator({ destroyOnReturn: false })) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      if (size > maxBytes) {
        source.pause();
        return { kind: 'too_large' };
      }
      md5.update(bytes);
      sha256.update(bytes);
      if (!out.write(bytes)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
    completed = true;
    return { kind: 'stored', size, md5: md5.digest('base64'), sha256: sha256.digest('hex') };
  } finally {
    if (!completed) {
      out.destroy();
      await rm(dest, { force: true });
    }
  }
};

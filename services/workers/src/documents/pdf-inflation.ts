import { createInflate, constants } from 'node:zlib';
import { documentMessages } from '@app/contracts';
import type { Refusal } from './types';

const isWhite = (b: number | undefined) =>
  b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;

/** Bytes the deflate stream at the start of `data` inflates to, counted and dropped, stopped past `cap`. */
const inflatedSize = (data: Buffer, cap: number): Promise<number> =>
  new Promise((resolve) => {
    // Trailing bytes after the deflate stream's last block are ignored; damaged data counts what
    // inflated before the damage (PDF.js reads no further either).
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let count = 0;
    inflate.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > cap) {
        inflate.destroy();
        resolve(count);
      }
    });
    inflate.on('end', () => resolve(count));
    inflate.on('error', () => resolve(count));
    inflate.on('close', () => resolve(count));
    inflate.end(data);
  });

/** Whether a stream's dictionary asks for FlateDecode first (alone or first of an array of filters). */
const flateFirst = (dict: string) => /\/Filter\s*(\[\s*)?\/FlateDecode\b/.test(dict);
/** Images are never inflated to read a document's text. */
const isImage = (dict: string) => /\/Subtype\s*\/Image\b/.test(dict);

/**
 * What a PDF's compressed streams inflate to, all told, before PDF.js is given the file: every
 * `stream` keyword that follows a dictionary asking for FlateDecode is inflated from its first byte
 * (zlib finds the stream's end itself, whatever `/Length` or a stray `endstream` claims), the bytes
 * counted and dropped. Past `budget` the document is refused. Streams this cannot judge (encrypted,
 * other filters first) are left to the worker's memory and time limits.
 */
export const checkPdfInflation = async (bytes: Buffer, budget: number): Promise<Refusal | null> => {
  let total = 0;
  let at = bytes.indexOf('stream');
  while (at !== -1) {
    const next = (from: number) => bytes.indexOf('stream', from);
    if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') {
      at = next(at + 6);
      continue;
    }
    let j = at - 1;
    while (j >= 0 && isWhite(bytes[j])) j--;
    if (j < 1 || bytes[j] !== 0x3e || bytes[j - 1] !== 0x3e) {
      at = next(at + 6);
      continue;
    }
    const objAt = bytes.lastIndexOf('obj', j);
    const dict = bytes.toString('latin1', Math.max(objAt, 0, j - 64 * 1024), j + 1);
    let dataStart = at + 6;
    if (bytes[dataStart] === 0x0d) dataStart += 1;
    if (bytes[dataStart] === 0x0a) dataStart += 1;
    if (flateFirst(dict) && !isImage(dict)) {
      total += await inflatedSize(bytes.subarray(dataStart), budget - total);
      if (total > budget)
        return {
          reason: 'inflated-size-limit',
          message: documentMessages.inflatedLimit(Math.round(budget / (1024 * 1024))),
        };
    }
    const end = bytes.indexOf('endstream', dataStart);
    at = end === -1 ? -1 : next(end + 9);
  }
  return null;
};

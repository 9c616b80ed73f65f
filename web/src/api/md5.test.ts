import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentMd5, Md5, toHex } from './md5';

const hexOf = (text: string) => toHex(new Md5().update(new TextEncoder().encode(text)).digest());

describe('MD5', () => {
  it('gives the RFC 1321 test suite digests', () => {
    expect(hexOf('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hexOf('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(hexOf('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(hexOf('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(hexOf('abcdefghijklmnopqrstuvwxyz')).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(hexOf('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')).toBe(
      'd174ab98d277d9f5a5611c2c9f419d9f',
    );
    expect(hexOf('1234567890'.repeat(8))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('agrees with node for every length around the block edges, fed in uneven pieces', () => {
    for (let length = 0; length < 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      const md5 = new Md5();
      for (let at = 0; at < length; at += 7) md5.update(bytes.subarray(at, at + 7));
      expect(toHex(md5.digest())).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });

  it('answers the base64 Content-MD5 of a blob read in chunks', async () => {
    const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7) & 0xff);
    expect(await contentMd5(new Blob([bytes]), 1_000)).toBe(createHash('md5').update(bytes).digest('base64'));
  });
});

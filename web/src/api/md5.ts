/**
 * MD5 (RFC 1321), for the Content-MD5 the upload URL requires: the browser's crypto.subtle has no
 * MD5 and no maintained package is installed. Incremental: `update` with the bytes as they are
 * read, then `digest`. Not for security: only the integrity check the store asks for.
 */
const shifts = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
  14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
  21, 6, 10, 15, 21,
];
const constants = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export class Md5 {
  private readonly state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  private readonly block = new Uint8Array(64);
  private readonly words = new Uint32Array(16);
  private blockLength = 0;
  private totalBytes = 0;

  update(bytes: Uint8Array): this {
    let offset = 0;
    this.totalBytes += bytes.length;
    if (this.blockLength > 0) {
      const take = Math.min(64 - this.blockLength, bytes.length);
      this.block.set(bytes.subarray(0, take), this.blockLength);
      this.blockLength += take;
      offset = take;
      if (this.blockLength < 64) return this;
      this.compress(this.block, 0);
      this.blockLength = 0;
    }
    for (; offset + 64 <= bytes.length; offset += 64) this.compress(bytes, offset);
    this.block.set(bytes.subarray(offset), 0);
    this.blockLength = bytes.length - offset;
    return this;
  }

  /** The 16-byte digest (the instance is spent afterwards). */
  digest(): Uint8Array {
    const bits = this.totalBytes * 8;
    const padding = new Uint8Array((this.blockLength < 56 ? 56 : 120) - this.blockLength + 8);
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    view.setUint32(padding.length - 8, bits >>> 0, true);
    view.setUint32(padding.length - 4, Math.floor(bits / 2 ** 32), true);
    const total = this.totalBytes;
    this.update(padding);
    this.totalBytes = total;
    const out = new Uint8Array(16);
    const outView = new DataView(out.buffer);
    this.state.forEach((word, i) => outView.setUint32(i * 4, word, true));
    return out;
  }

  private compress(bytes: Uint8Array, offset: number): void {
    const x = this.words;
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      x[i] = (bytes[j]! | (bytes[j + 1]! << 8) | (bytes[j + 2]! << 16) | (bytes[j + 3]! << 24)) >>> 0;
    }
    let [a, b, c, d] = [this.state[0]!, this.state[1]!, this.state[2]!, this.state[3]!];
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + constants[i]! + x[g]!) >>> 0;
      const s = shifts[i]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) >>> 0;
    }
    this.state[0] = (this.state[0]! + a) >>> 0;
    this.state[1] = (this.state[1]! + b) >>> 0;
    this.state[2] = (this.state[2]! + c) >>> 0;
    this.state[3] = (this.state[3]! + d) >>> 0;
  }
}

export const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The Content-MD5 of a file (base64 of the digest), read a few megabytes at a time. */
export async function contentMd5(file: Blob, chunkBytes = 4 * 1024 * 1024): Promise<string> {
  const md5 = new Md5();
  for (let start = 0; start < file.size; start += chunkBytes)
    md5.update(new Uint8Array(await file.slice(start, start + chunkBytes).arrayBuffer()));
  return toBase64(md5.digest());
}

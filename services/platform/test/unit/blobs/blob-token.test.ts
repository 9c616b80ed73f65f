import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBlobToken, verifyBlobToken, type BlobTokenPayload } from '../../../src/blobs/blob-token';

const secret = randomBytes(32);
const now = 1_800_000_000;
const upload: BlobTokenPayload = {
  op: 'upload',
  key: 'ada@example.com/0b5c7b1e.pdf',
  exp: now + 600,
  contentType: 'application/pdf',
  md5: '1B2M2Y8AsgTpgAmY7PhCfg==',
  maxBytes: 1024,
};

/** The token with one character of `part` (0: payload, 1: signature) changed. */
const tamper = (token: string, part: 0 | 1): string => {
  const pieces = token.split('.');
  const piece = pieces[part]!;
  const swapped = piece[3] === 'A' ? 'B' : 'A';
  pieces[part] = `${piece.slice(0, 3)}${swapped}${piece.slice(4)}`;
  return pieces.join('.');
};

describe('blob URL tokens', () => {
  it('Given a signed upload token, When it is verified in time for upload, Then it grants its payload', () => {
    const token = signBlobToken(secret, upload);
    expect(verifyBlobToken(secret, token, 'upload', now)).toEqual({ ok: true, payload: upload });
  });

  it('Given a token past its expiry, When it is verified, Then it is refused as expired', () => {
    const token = signBlobToken(secret, upload);
    expect(verifyBlobToken(secret, token, 'upload', now + 600)).toEqual({ ok: false, reason: 'expired' });
  });

  it('Given a token whose payload or signature was changed, When it is verified, Then it is refused as tampered', () => {
    const token = signBlobToken(secret, upload);
    expect(verifyBlobToken(secret, tamper(token, 0), 'upload', now)).toMatchObject({ ok: false });
    expect(verifyBlobToken(secret, tamper(token, 1), 'upload', now)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  it('Given a payload re-signed by another secret (a longer expiry), When it is verified, Then it is refused', () => {
    const forged = signBlobToken(randomBytes(32), { ...upload, exp: now + 86_400 });
    expect(verifyBlobToken(secret, forged, 'upload', now)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('Given an upload token, When it is used for a download (or the reverse), Then it is refused', () => {
    expect(verifyBlobToken(secret, signBlobToken(secret, upload), 'download', now)).toEqual({
      ok: false,
      reason: 'wrong_op',
    });
    const download = signBlobToken(secret, { op: 'download', key: upload.key, exp: now + 60 });
    expect(verifyBlobToken(secret, download, 'upload', now)).toEqual({ ok: false, reason: 'wrong_op' });
  });

  it('Given text that is not a token, When it is verified, Then it is refused as malformed', () => {
    for (const junk of ['', 'abc', 'a.b.c', '.', `${'x'.repeat(9000)}.y`])
      expect(verifyBlobToken(secret, junk, 'upload', now)).toMatchObject({ ok: false });
    expect(verifyBlobToken(secret, 'abc', 'upload', now)).toEqual({ ok: false, reason: 'malformed' });
  });
});

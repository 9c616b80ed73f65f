import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The filesystem store's signed URLs carry their whole grant in the path: base64url(JSON payload)
 * + '.' + base64url(HMAC-SHA256 over that first part). Nothing is kept on the server per URL; a
 * token that does not verify, has expired or names another operation grants nothing.
 */
const TokenPayload = z.object({
  op: z.enum(['upload', 'download']),
  key: z.string().min(1).max(1024),
  /** Unix seconds after which the token grants nothing. */
  exp: z.number().int().positive(),
  contentType: z.string().max(255).optional(),
  /** Base64 MD5 the upload must carry and match. */
  md5: z.string().max(64).optional(),
  maxBytes: z.number().int().nonnegative().optional(),
  /** What a PUT past maxBytes is told, when not the file size limit. */
  tooLarge: z.string().max(300).optional(),
  fileName: z.string().max(1024).optional(),
  /** Extra metadata kept with the object. */
  meta: z.record(z.string(), z.string()).optional(),
});
export type BlobTokenPayload = z.infer<typeof TokenPayload>;
export type BlobTokenOp = BlobTokenPayload['op'];

/** A token is at most this long (a URL path segment browsers and proxies accept). */
const maxTokenLength = 8000;

const mac = (secret: Buffer, body: string): Buffer => createHmac('sha256', secret).update(body).digest();

export const signBlobToken = (secret: Buffer, payload: BlobTokenPayload): string => {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const token = `${body}.${mac(secret, body).toString('base64url')}`;
  if (token.length > maxTokenLength) throw new Error('The blob URL would be too long (metadata too large).');
  return token;
};

export type BlobTokenCheck =
  | { ok: true; payload: BlobTokenPayload }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' | 'wrong_op' };

/** Verifies the signature first (in constant time), then the payload's shape, expiry and operation. */
export const verifyBlobToken = (
  secret: Buffer,
  token: string,
  op: BlobTokenOp,
  nowSeconds: number,
): BlobTokenCheck => {
  if (token.length > maxTokenLength) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  const [body, sig] = parts;
  if (parts.length !== 2 || !body || !sig) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'tampered' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = TokenPayload.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  if (parsed.data.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (parsed.data.op !== op) return { ok: false, reason: 'wrong_op' };
  return { ok: true, payload: parsed.data };
};

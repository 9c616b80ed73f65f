import type { SealedText } from '@app/contracts';
import { decrypt, encrypt } from './crypto';

/** The data key's id and what the text is, authenticated with it (changing either fails the open). */
const textAad = (dataKeyId: string, purpose: string) => `conversation-text|v1|${dataKeyId}|${purpose}`;

/** `plain` sealed under the data key `dataKeyId` (AES-256-GCM, a random iv): nothing of it in clear. */
export const sealTextUnder = (
  key: Buffer,
  dataKeyId: string,
  purpose: string,
  plain: string,
): SealedText => ({
  v: 1,
  dataKeyId,
  ...encrypt(key, Buffer.from(plain, 'utf8'), textAad(dataKeyId, purpose)),
});

/** The text; throws when the key, the purpose or the sealed parts are not the ones it was sealed with. */
export const openTextUnder = (key: Buffer, sealed: SealedText, purpose: string): string =>
  decrypt(key, sealed, textAad(sealed.dataKeyId, purpose)).toString('utf8');

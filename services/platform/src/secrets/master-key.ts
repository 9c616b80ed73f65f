import { randomBytes } from 'node:crypto';

export const masterKeyBytes = 32;

const base64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * APP_MASTER_KEY: the base64 (or base64url) of 32 random bytes. The error names the variable,
 * never its value.
 */
export const parseMasterKey = (encoded: string, name = 'APP_MASTER_KEY'): Buffer => {
  const text = encoded.trim();
  const key = base64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (key.length !== masterKeyBytes) {
    throw new Error(
      `${name} must be the base64 of ${masterKeyBytes} random bytes (e.g. openssl rand -base64 32)`,
    );
  }
  return key;
};

/** A fresh master key, base64-encoded (for tests and first starts). */
export const newMasterKey = (): string => randomBytes(masterKeyBytes).toString('base64');

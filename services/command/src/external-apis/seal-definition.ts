import {
  externalApiMessages,
  isCredentialHeader,
  isMask,
  maskOf,
  type ExternalApiCall,
  type SealedSecret,
  type StoredExternalApi,
} from '@app/contracts';
import { DomainError, type Keyring } from '@app/platform';

/** A credential as typed: the saved one when it is its mask or equal to it, else newly sealed. */
const sealOne = async (
  value: string | undefined,
  saved: SealedSecret | undefined,
  keys: Keyring,
): Promise<SealedSecret | undefined> => {
  if (value === undefined || value === '') return undefined;
  if (isMask(value)) {
    if (!saved || maskOf(saved.last4) !== value)
      throw new DomainError(externalApiMessages.maskedCredentialUnknown);
    return saved;
  }
  if (saved && saved.fingerprint === keys.fingerprint(value)) return saved;
  return keys.seal(value);
};

/** The saved value of header `name` whatever its case. */
const savedHeader = (saved: StoredExternalApi | undefined, name: string): SealedSecret | undefined => {
  const lower = name.toLowerCase();
  const found = Object.entries(saved?.secretHeaders ?? {}).find(([n]) => n.toLowerCase() === lower);
  return found?.[1];
};

/**
 * The call as stored: every credential (the auth's token, username and password, and the values of
 * credential headers such as Authorization or X-Api-Key) sealed with `keys` (the command's
 * transaction), a mask sent back standing for the saved value. Plain values go no further.
 */
export const sealCall = async (
  call: ExternalApiCall,
  saved: StoredExternalApi | undefined,
  keys: Keyring,
): Promise<Pick<StoredExternalApi, 'headers' | 'secretHeaders' | 'auth'>> => {
  const headers: Record<string, string> = {};
  const secretHeaders: Record<string, SealedSecret> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (!isCredentialHeader(name)) headers[name] = value;
    else {
      const sealed = await sealOne(value, savedHeader(saved, name), keys);
      if (sealed) secretHeaders[name] = sealed;
    }
  }
  const auth: StoredExternalApi['auth'] = { type: call.auth.type };
  if (call.auth.type === 'bearer') {
    const token = await sealOne(call.auth.token, saved?.auth.token, keys);
    if (token) auth.token = token;
  }
  if (call.auth.type === 'basic') {
    const username = await sealOne(call.auth.username, saved?.auth.username, keys);
    const password = await sealOne(call.auth.password, saved?.auth.password, keys);
    if (username) auth.username = username;
    if (password) auth.password = password;
  }
  return { headers, secretHeaders, auth };
};

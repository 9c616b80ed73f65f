import {
  maskOf,
  nameMapFrom,
  revertMessages,
  type NamedValuesSection,
  type OpenAiEndpointsSection,
  type SealedSecret,
} from '@app/contracts';
import type { Keyring } from '@app/platform';
import type { NamedValuesState, OpenAiEndpointsState, SavedEndpoint } from '../configurations/index';

/** A section's input that brings it back, and the secrets that could not come back. */
export interface Restored<T> {
  input: T;
  notRestored: string[];
}

/** The plain value of `sealed`, or null when its data key is gone (or it cannot be opened). */
const opened = async (keys: Keyring, sealed: SealedSecret): Promise<string | null> =>
  keys.open(sealed).catch(() => null);

/**
 * A section of named sealed values as it was (`then`), as a save's input against `now`: a value
 * still saved is sent as its mask, another is opened and sent to be sealed again; one whose data key
 * is gone keeps the current value under its name (or is left out) and is reported.
 */
export const restoreNamedValues = async (
  then: NamedValuesState,
  now: NamedValuesState,
  keys: Keyring,
): Promise<Restored<NamedValuesSection>> => {
  const entries: [string, string][] = [];
  const notRestored: string[] = [];
  for (const [name, sealed] of Object.entries(then)) {
    const current = Object.hasOwn(now, name) ? now[name] : undefined;
    if (current && current.fingerprint === sealed.fingerprint) {
      entries.push([name, maskOf(current.last4)]);
      continue;
    }
    const plain = await opened(keys, sealed);
    if (plain !== null) entries.push([name, plain]);
    else if (current) {
      entries.push([name, maskOf(current.last4)]);
      notRestored.push(revertMessages.secretGone(name));
    } else notRestored.push(revertMessages.secretDropped(name));
  }
  return { input: nameMapFrom(entries), notRestored };
};

const sameSecret = (a: SealedSecret | undefined, b: SealedSecret | undefined) =>
  a !== undefined && b !== undefined && a.fingerprint === b.fingerprint;

/** One endpoint as it was, as a save's input; null when its url (with credentials) cannot come back. */
const restoreEndpoint = async (
  model: string,
  then: SavedEndpoint,
  now: readonly SavedEndpoint[],
  keys: Keyring,
  notRestored: string[],
): Promise<{ url: string; key: string } | null> => {
  const what = `${model}: ${then.url}`;
  let url = then.url;
  if (then.urlSecret) {
    const kept = now.some((e) => sameSecret(e.urlSecret, then.urlSecret));
    const plain = kept ? null : await opened(keys, then.urlSecret);
    if (!kept && plain === null) {
      notRestored.push(revertMessages.secretDropped(`The url of ${what}`));
      return null;
    }
    url = plain ?? then.url;
  }
  if (!then.key) return { url, key: '' };
  const current = now.find((e) => sameSecret(e.key, then.key))?.key;
  if (current) return { url, key: maskOf(current.last4) };
  const plain = await opened(keys, then.key);
  if (plain !== null) return { url, key: plain };
  const standing = now.find((e) => e.url === then.url && e.key)?.key;
  if (standing) {
    notRestored.push(revertMessages.secretGone(`The key of ${what}`));
    return { url, key: maskOf(standing.last4) };
  }
  notRestored.push(revertMessages.secretDropped(`The key of ${what}`));
  return null;
};

/** The OpenAi Endpoints as they were (`then`), as a save's input against `now` (see restoreNamedValues). */
export const restoreEndpoints = async (
  then: OpenAiEndpointsState,
  now: OpenAiEndpointsState,
  keys: Keyring,
): Promise<Restored<OpenAiEndpointsSection>> => {
  const notRestored: string[] = [];
  const models: OpenAiEndpointsSection['models'] = [];
  for (const model of then) {
    const current = now.find((m) => m.name === model.name)?.endpoints ?? [];
    const endpoints: { url: string; key: string }[] = [];
    for (const endpoint of model.endpoints) {
      const restored = await restoreEndpoint(model.name, endpoint, current, keys, notRestored);
      if (restored) endpoints.push(restored);
    }
    models.push(nameMapFrom([[model.name, { endpoints }]]));
  }
  return { input: { models }, notRestored };
};

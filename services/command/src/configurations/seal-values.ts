import {
  displayUrl,
  isMask,
  isMaskedUrl,
  maskOf,
  maskUrlCredentials,
  platformMessages,
  urlHasUserInfo,
  type NamedValuesSection,
  type OpenAiEndpointsSection,
  type SealedSecret,
} from '@app/contracts';
import { DomainError, type Keyring } from '@app/platform';
import { normaliseNames, type NamedSealedValue, type NamedValuesState } from './named-values';
import type { SavedEndpoint, SealedEndpointInput, SealedModelInput } from './openai-endpoint-rules';
import type { OpenAiEndpointsState } from './openai-endpoints';

/**
 * Before a secret section is decided, every value becomes sealed: a mask the dialog sent back stands
 * for the saved value it masks (unchanged), a value equal to the saved one (same fingerprint) is the
 * saved one, anything else is a new value and is sealed here, its data key written in the caller's
 * transaction. The plain values go no further than this file.
 */
export const sealNamedValues = async (
  section: string,
  input: NamedValuesSection,
  state: NamedValuesState,
  keys: Keyring,
): Promise<NamedSealedValue[]> => {
  const sealed: NamedSealedValue[] = [];
  for (const [name, value] of normaliseNames(section, Object.entries(input))) {
    const saved = Object.hasOwn(state, name) ? state[name] : undefined;
    if (isMask(value)) {
      if (!saved || maskOf(saved.last4) !== value)
        throw new DomainError(platformMessages.maskedValueUnknown(section, name));
      sealed.push({ name, value: saved });
    } else if (saved && saved.fingerprint === keys.fingerprint(value)) {
      sealed.push({ name, value: saved });
    } else {
      sealed.push({ name, value: await keys.seal(value) });
    }
  }
  return sealed;
};

/** The saved key a masked key stands for: the same model's endpoint with that url first, else any of its endpoints. */
const savedKeyFor = (
  endpoints: readonly SavedEndpoint[],
  url: string,
  mask: string,
): SealedSecret | undefined => {
  const matching = endpoints.filter((e) => e.key && maskOf(e.key.last4) === mask);
  return (matching.find((e) => e.url === url) ?? matching[0])?.key;
};

const sealKey = async (
  model: string,
  url: string,
  key: string,
  saved: readonly SavedEndpoint[],
  keys: Keyring,
): Promise<SealedSecret> => {
  if (isMask(key)) {
    const found = savedKeyFor(saved, url, key);
    if (!found) throw new DomainError(platformMessages.maskedKeyUnknown(model, displayUrl(url)));
    return found;
  }
  const fingerprint = keys.fingerprint(key);
  return saved.find((e) => e.key?.fingerprint === fingerprint)?.key ?? (await keys.seal(key));
};

/**
 * The url as stored: as it is when it carries no credential; else masked (maskUrlCredentials), the
 * whole url sealed beside it. A masked url sent back stands for the saved endpoint's url it equals; a
 * user name or password before the host is refused (the key has its own field).
 */
const sealUrl = async (
  model: string,
  url: string,
  saved: readonly SavedEndpoint[],
  keys: Keyring,
): Promise<Pick<SealedEndpointInput, 'url' | 'urlSecret'>> => {
  if (isMaskedUrl(url)) {
    const found = saved.find((e) => e.url === url);
    if (!found) throw new DomainError(platformMessages.maskedUrlUnknown(model, displayUrl(url)));
    return found.urlSecret ? { url, urlSecret: found.urlSecret } : { url };
  }
  if (urlHasUserInfo(url))
    throw new DomainError(platformMessages.endpointUrlUserInfo(model, displayUrl(url)));
  const masked = maskUrlCredentials(url);
  if (masked === url) return { url };
  const fingerprint = keys.fingerprint(url);
  const same = saved.find((e) => e.urlSecret?.fingerprint === fingerprint)?.urlSecret;
  return { url: masked, urlSecret: same ?? (await keys.seal(url)) };
};

/**
 * The OpenAi Endpoints section with its keys (and urls with credentials) sealed; an empty key, or an
 * endpoint without url, is null (the rules drop an endpoint without url, and keep one without key
 * keyless only where `keyOptional`, which `keyless` tells from the url's host).
 */
export const sealOpenAiEndpoints = async (
  input: OpenAiEndpointsSection,
  state: OpenAiEndpointsState,
  keys: Keyring,
  keyless: (url: string) => boolean = () => false,
): Promise<SealedModelInput[]> => {
  const models: SealedModelInput[] = [];
  for (const entry of input.models) {
    for (const [rawName, { endpoints }] of Object.entries(entry)) {
      const name = rawName.trim();
      const saved = state.find((m) => m.name === name)?.endpoints ?? [];
      const sealed: SealedEndpointInput[] = [];
      for (const { url: rawUrl, key } of endpoints) {
        const url = rawUrl.trim();
        if (url === '') {
          sealed.push({ url: '', key: null });
          continue;
        }
        if (key === '') {
          const stored = await sealUrl(name, url, saved, keys);
          sealed.push({ ...stored, key: null, keyOptional: keyless(url) });
          continue;
        }
        const stored = await sealUrl(name, url, saved, keys);
        sealed.push({ ...stored, key: await sealKey(name, stored.url, key, saved, keys) });
      }
      models.push({ name, endpoints: sealed });
    }
  }
  return models;
};

/** Every sealed value an endpoints state holds: keys and urls with credentials. */
export const endpointSecrets = (state: OpenAiEndpointsState): SealedSecret[] =>
  state.flatMap((m) =>
    m.endpoints.flatMap((e) => [...(e.key ? [e.key] : []), ...(e.urlSecret ? [e.urlSecret] : [])]),
  );

/** Every sealed value the sealed input of a save holds. */
export const sentEndpointSecrets = (models: readonly SealedModelInput[]): SealedSecret[] =>
  models.flatMap((m) =>
    m.endpoints.flatMap((e) => [...(e.key ? [e.key] : []), ...(e.urlSecret ? [e.urlSecret] : [])]),
  );

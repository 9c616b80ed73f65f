import {
  displayUrl,
  isMask,
  maskOf,
  platformMessages,
  type NamedValuesSection,
  type OpenAiEndpointsSection,
  type SealedSecret,
} from '@app/contracts';
import { DomainError, type SecretBox } from '@app/platform';
import { normaliseNames, type NamedSealedValue, type NamedValuesState } from '../domain/named-values';
import type { SealedModelInput } from '../domain/openai-endpoint-rules';
import type { OpenAiEndpointsState } from '../domain/openai-endpoints';

/**
 * Before a secret section is decided, every value becomes sealed: a mask the dialog sent back stands
 * for the saved value it masks (unchanged), anything else is a new value and is encrypted here. The
 * plain values go no further than this function.
 */
export const sealNamedValues = (
  section: string,
  input: NamedValuesSection,
  state: NamedValuesState,
  box: SecretBox,
): NamedSealedValue[] =>
  normaliseNames(section, Object.entries(input)).map(([name, value]) => {
    if (!isMask(value)) return { name, value: box.seal(value) };
    const saved = Object.hasOwn(state, name) ? state[name] : undefined;
    if (saved && maskOf(saved.last4) === value) return { name, value: saved };
    throw new DomainError(platformMessages.maskedValueUnknown(section, name));
  });

/** The saved key a masked key stands for: the same model's endpoint with that url first, else any of its endpoints. */
const savedKeyFor = (
  state: OpenAiEndpointsState,
  model: string,
  url: string,
  mask: string,
): SealedSecret | undefined => {
  const endpoints = state.find((m) => m.name === model)?.endpoints ?? [];
  const matching = endpoints.filter((e) => maskOf(e.key.last4) === mask);
  return (matching.find((e) => e.url === url) ?? matching[0])?.key;
};

/** The OpenAi Endpoints section with its keys sealed (an empty key, or an endpoint without url, is null: dropped). */
export const sealOpenAiEndpoints = (
  input: OpenAiEndpointsSection,
  state: OpenAiEndpointsState,
  box: SecretBox,
): SealedModelInput[] =>
  input.models.flatMap((entry) =>
    Object.entries(entry).map(([rawName, { endpoints }]) => {
      const name = rawName.trim();
      return {
        name,
        endpoints: endpoints.map(({ url: rawUrl, key }) => {
          const url = rawUrl.trim();
          if (url === '' || key === '') return { url, key: null };
          if (!isMask(key)) return { url, key: box.seal(key) };
          const saved = savedKeyFor(state, name, url, key);
          if (!saved) throw new DomainError(platformMessages.maskedKeyUnknown(name, displayUrl(url)));
          return { url, key: saved };
        }),
      };
    }),
  );

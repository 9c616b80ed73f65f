import { externalApiMessages, isCredentialHeader, isMask, type ExternalApiCall } from '@app/contracts';
import { DomainError } from '@app/platform/errors';

const originOf = (url: string): string | null => {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
};

/** Whether the call sends back a mask standing for a saved credential. */
const usesMask = (call: ExternalApiCall): boolean =>
  Object.entries(call.headers).some(([name, value]) => isCredentialHeader(name) && isMask(value)) ||
  [call.auth.token, call.auth.username, call.auth.password].some((v) => v !== undefined && isMask(v));

/**
 * A saved credential goes only to the origin it was saved for: a mask with a URL of another origin
 * would send the sealed value to wherever the editor points (and so reveal it), so it is refused.
 */
export const refuseMasksForOtherOrigin = (call: ExternalApiCall, savedUrl: string | undefined): void => {
  if (savedUrl === undefined || !usesMask(call)) return;
  const origin = originOf(call.url);
  if (origin === null || origin !== originOf(savedUrl))
    throw new DomainError(externalApiMessages.maskedCredentialOtherOrigin);
};

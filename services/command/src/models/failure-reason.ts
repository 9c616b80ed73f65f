import { APICallError } from 'ai';
import { chatMessages } from '@app/contracts';
import { OutboundError, SecretUnavailableError } from '@app/platform/errors';

const reasons = chatMessages.providerReasons;

/**
 * Why a provider call failed, in words a user may read: the status an endpoint answered, or that it
 * could not be reached, or that the answer broke off. Never the remote body, an address or a key.
 */
export const failureReason = (e: unknown, started: boolean): string => {
  if (started) return reasons.interrupted;
  if (e instanceof SecretUnavailableError) return reasons.keyUnavailable;
  if (APICallError.isInstance(e)) {
    const status = e.statusCode;
    return status !== undefined && (status < 200 || status > 299)
      ? reasons.status(status)
      : reasons.unreachable;
  }
  if (e instanceof OutboundError) return reasons.unreachable;
  return reasons.unknown;
};

/** What a log line may say of the failure: its kind and status, never the prompt, body or key. */
export const failureLogFields = (e: unknown): Record<string, unknown> => ({
  error: e instanceof Error ? e.name : typeof e,
  ...(APICallError.isInstance(e) && e.statusCode !== undefined ? { status: e.statusCode } : {}),
  ...(e instanceof OutboundError ? { detail: e.message } : {}),
});

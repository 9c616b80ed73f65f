import type { OpenAiErrorResponse } from '@app/contracts';

/** OpenAI's error type and code for a status. */
const kindOf = (status: number): { type: string; code: string | null } => {
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 403) return { type: 'permission_error', code: 'insufficient_permissions' };
  if (status === 404) return { type: 'invalid_request_error', code: 'model_not_found' };
  if (status === 409) return { type: 'invalid_request_error', code: 'conflict' };
  if (status === 413) return { type: 'invalid_request_error', code: 'request_too_large' };
  if (status === 429) return { type: 'rate_limit_error', code: 'rate_limit_exceeded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: null };
};

/** A refusal in OpenAI's shape: `{error: {message, type, code, param}}`. */
export const openaiError = (status: number, message: string): OpenAiErrorResponse => ({
  error: { message, ...kindOf(status), param: null },
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A refusal answered before the route's handler (the identity hook's 401 and 403, the guards', the
 * rate limit's 429), rewritten in OpenAI's shape; its words kept. An answer in that shape already, or
 * one that is no JSON object, is left as it is.
 */
export const asOpenAiError = (status: number, payload: string): string => {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (!isRecord(body) || isRecord(body.error)) return payload;
  const message =
    typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : '';
  return JSON.stringify(openaiError(status, message));
};

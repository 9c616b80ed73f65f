import type { z } from 'zod';
import { labelledKeys } from '../labelled-keys';

/**
 * API keys: what a key may be used for, its
 * secret's form, its streams. A route a key may call declares one access type in its Fastify config
 * (`config: { apiKeyAccess: 'chat' }`); `full_access` satisfies every declared type. A route that
 * declares none (admin routes, /auth, the key management itself) refuses every key.
 */
/** The labels the key panel shows for each access type. */
const apiKeyAccess = labelledKeys({
  full_access: 'Full Access',
  chat: 'Chat',
  assistants: 'Assistants',
  file_upload: 'Upload File',
  share: 'Share',
  dual_embedding: 'Dual Embedding',
});
export const apiKeyAccessTypes = apiKeyAccess.keys;
export const ApiKeyAccessType = apiKeyAccess.schema;
export type ApiKeyAccessType = z.infer<typeof ApiKeyAccessType>;
export const apiKeyAccessLabels: Record<ApiKeyAccessType, string> = apiKeyAccess.labels;

/** Whether a key holding `held` may call a route that declares `declared`. */
export const apiKeyAllows = (held: readonly ApiKeyAccessType[], declared: ApiKeyAccessType): boolean =>
  held.includes('full_access') || held.includes(declared);

/**
 * The secret: `amp-v1-` and 32 random bytes as 43 base64url characters. Answered once (create or
 * rotate); stored only as its SHA-256, never in an event, a log line or a later answer.
 */
export const apiKeySecretPrefix = 'amp-v1-';
export const apiKeySecretPattern = /^amp-v1-[A-Za-z0-9_-]{43}$/;
export const isApiKeySecretShaped = (token: string): boolean => apiKeySecretPattern.test(token);

/** The kinds of key of owner_api_id (`<owner>/<kind>/<uuid>`; server-side only, never answered). */
export const apiKeyKinds = ['ownerKey', 'delegateKey', 'systemKey'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];

export const apiKeyStreamId = (apiKeyId: string) => `apiKey-${apiKeyId}`;
/** Refused uses of a key are recorded on a stream of their own, so they never race its management. */
export const apiKeyUseStreamId = (apiKeyId: string) => `apiKeyUse-${apiKeyId}`;

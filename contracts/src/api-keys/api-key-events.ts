import type { RateLimit } from '../admin/rate-limit';
import type { ApiKeyAccessType, ApiKeyKind } from './api-key-access';
import type { ApiKeyAccount } from './api-key-http';
import { eventTypesOf } from '../event-types';

/** The settings of a key that an update may change. */
export interface ApiKeySettings {
  applicationName: string;
  applicationDescription: string;
  account: ApiKeyAccount;
  rateLimit: RateLimit;
  /** As given (YYYY-MM-DD, or an ISO date-time); it stops working at `expiryInstant(expirationDate)`; null: never. */
  expirationDate: string | null;
  accessTypes: ApiKeyAccessType[];
}

/** Never the secret nor its hash: those live only in the `api_keys` table. */
export interface ApiKeyCreatedData extends ApiKeySettings {
  apiKeyId: string;
  kind: ApiKeyKind;
  owner: string;
  delegate: string | null;
  systemId: string | null;
  createdAt: string;
}

export type ApiKeyEvent =
  | { type: 'ApiKeyCreated'; data: ApiKeyCreatedData }
  /** A new secret replaced the old one (which stops working in the same transaction). */
  | { type: 'ApiKeyRotated'; data: { apiKeyId: string; by: string; at: string } }
  | {
      type: 'ApiKeyUpdated';
      data: { apiKeyId: string; by: string; at: string; changes: Partial<ApiKeySettings> };
    }
  | { type: 'ApiKeyDeactivated'; data: { apiKeyId: string; by: string; at: string } };

export const apiKeyEventTypes = eventTypesOf<ApiKeyEvent>({
  ApiKeyCreated: true,
  ApiKeyRotated: true,
  ApiKeyUpdated: true,
  ApiKeyDeactivated: true,
});

/** Why a request made with a known key was refused. */
export const apiKeyRefusalReasons = [
  'expired',
  'inactive',
  'routeRefusesKeys',
  'outsideAccessTypes',
  'rateLimit',
] as const;
export type ApiKeyRefusalReason = (typeof apiKeyRefusalReasons)[number];

/**
 * A refused use of a key, on `apiKeyUse-<id>` (apiKeyUseStreamId). Bounded: at most one per key,
 * reason and minute is recorded (the key's row keeps when each reason was last recorded, claimed by
 * one conditional UPDATE), so a flood of refused requests appends at most a handful of events.
 */
export interface ApiKeyUseRefusedData {
  apiKeyId: string;
  reason: ApiKeyRefusalReason;
  /** `METHOD /route` as registered (never the query string). */
  route: string;
  message: string;
  at: string;
}
export type ApiKeyUseEvent = { type: 'ApiKeyUseRefused'; data: ApiKeyUseRefusedData };
export const apiKeyUseEventTypes = eventTypesOf<ApiKeyUseEvent>({ ApiKeyUseRefused: true });

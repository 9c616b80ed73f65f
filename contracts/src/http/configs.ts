import { z } from 'zod';
import { boundedList, boundedRecord, boundedString, nameFields } from '../bounded';
import { limits } from '../limits';
import { sectionSchemas, sectionTypes, SectionMeta, type SectionType } from '../admin/sections';
import { FeatureFlagsSection } from '../admin/feature-flags';
import { successBody } from '../success';

export const routes = {
  configs: '/amplifymin/configs',
  configsUpdate: '/amplifymin/configs/update',
  featureFlags: '/amplifymin/feature_flags',
  events: '/api/events',
  /** Admins: each projection's position, lag and parked event. */
  projections: '/api/projections',
  devLogin: '/auth/dev-login',
  logout: '/auth/logout',
  me: '/auth/me',
  /** Which sign-in methods this deployment offers (no session needed). */
  authProviders: '/auth/providers',
  /** OpenID Connect: starts the authorization code flow (a redirect to the provider). */
  oidcLogin: '/auth/oidc/login',
  /** OpenID Connect: where the provider sends the browser back. */
  oidcCallback: '/auth/oidc/callback',
  /** Admins: end every session of one user. */
  endUserSessions: '/api/admin/sessions/end',
  live: '/live',
  health: '/healthz',
  /** Prometheus' text format (admins, or `Authorization: Bearer <METRICS_TOKEN>`). */
  metrics: '/metrics',
  /** The OpenAPI reference page; the document itself is `${apiDocs}/json`. */
  apiDocs: '/api/docs',
} as const;

/** One entry per section, at most as many as one update may hold. */
const sectionRecord = <V extends z.ZodType>(value: V, field: string) =>
  boundedRecord(boundedString('A section', limits.sectionTypeLength), value, field, limits.sectionsPerUpdate);

/** GET /amplifymin/configs */
export const ConfigsResponse = successBody({
  data: z.object(sectionSchemas),
  meta: sectionRecord(SectionMeta, 'Section metadata'),
  position: boundedString('The position', limits.positionLength),
});
export type ConfigsResponse = z.infer<typeof ConfigsResponse>;

/** One section of POST /amplifymin/configs/update; `version` is what the dialog loaded (optional). */
export const ConfigurationUpdate = z.object({
  type: boundedString('A section type', limits.sectionTypeLength),
  data: z.unknown(),
  version: z.number().int().nonnegative().optional(),
});
export const ConfigsUpdateRequest = z.object({
  configurations: boundedList(ConfigurationUpdate, 'configurations', limits.sectionsPerUpdate).min(
    1,
    'configurations must list at least one section',
  ),
});
export type ConfigsUpdateRequest = z.infer<typeof ConfigsUpdateRequest>;

export const isSectionType = (t: string): t is SectionType => (sectionTypes as string[]).includes(t);

export const SectionResult = z.object({
  success: z.boolean(),
  message: boundedString('The message', limits.answerMessageLength).optional(),
  /** 'invalid' (400) or 'conflict' (409) when success is false. */
  reason: z.enum(['invalid', 'conflict']).optional(),
  version: z.number().int().optional(),
  changedBy: boundedString('Changed by', limits.emailLength).optional(),
  /** What the save did beyond what was asked (e.g. 'Removed <model> (no endpoints configured)'). */
  notes: boundedList(boundedString('A note', limits.messageLength), 'Notes', limits.notes).optional(),
});
export type SectionResult = z.infer<typeof SectionResult>;

/** An event of a save that a projection set aside: it is not in that projection's read model. */
export const NotProjectedEvent = z.object({
  section: boundedString('A section', limits.sectionTypeLength),
  position: boundedString('The position', limits.positionLength),
  eventType: boundedString('The event type', limits.nameLength),
  projection: boundedString('The projection', limits.nameLength),
});
export type NotProjectedEvent = z.infer<typeof NotProjectedEvent>;

/** Set on a save's answer when it is known whether its events are in the read models. */
export const projectedHeader = 'x-projected';

export const ConfigsUpdateResponse = z.object({
  success: z.boolean(),
  message: boundedString('The message', limits.answerMessageLength).optional(),
  /**
   * Whether this save's events are in the read models (and their `/live` pushes sent) as it answers:
   * false when the wait for them ran out or a projection set one aside, and then a successful save's
   * `message` names the sections not shown yet. Absent when the service answering does not project
   * (read with `?waitFor=<position>`) or the save appended nothing. Also the `x-projected` header.
   */
  projected: z.boolean().optional(),
  /** The events of this save a projection set aside (GET /api/projections lists them with their error). */
  notProjected: boundedList(
    NotProjectedEvent,
    'Events not projected',
    limits.sectionsPerUpdate * 8,
  ).optional(),
  data: sectionRecord(SectionResult, 'Section results'),
  position: boundedString('The position', limits.positionLength),
});
export type ConfigsUpdateResponse = z.infer<typeof ConfigsUpdateResponse>;

/** GET /amplifymin/feature_flags: flags resolved for the caller. */
export const ResolvedFeatureFlagsResponse = successBody({
  data: boundedRecord(
    boundedString(nameFields.flagName, limits.nameLength),
    z.boolean(),
    'Feature Flags',
    limits.featureFlags,
  ),
});
export type ResolvedFeatureFlagsResponse = z.infer<typeof ResolvedFeatureFlagsResponse>;

export { FeatureFlagsSection };

/** A failed request, whatever the route. */
export const ErrorResponse = z.object({
  success: z.literal(false),
  message: boundedString('The message', limits.answerMessageLength),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A refusal for a stale version (409): who changed the section since it was loaded. */
export const ConflictResponse = ErrorResponse.extend({
  changedBy: boundedString('Changed by', limits.emailLength).optional(),
});

/**
 * The failures a route may answer besides its own (for the OpenAPI document): bad input 400, not
 * signed in 401, not allowed 403, too many requests 429. A route that answers one with another
 * shape declares that status itself.
 */
export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  429: ErrorResponse,
} as const;

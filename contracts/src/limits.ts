/**
 * The largest input the platform accepts, in one place so the contracts, the services and the web
 * (an input's `maxLength`) say the same thing. Each is chosen so that real configurations fit with
 * room to spare; past it a request answers 400 naming the field and the limit, and appends nothing.
 * Lengths are in UTF-16 code units (what `string.length` and an input's `maxLength` count).
 */
export const limits = {
  /** A name a person types and the platform keys things by: flag, group, variable, secret, model id. */
  nameLength: 200,
  /** An email address (RFC 5321: 254 characters in a path). */
  emailLength: 254,
  /** A domain name (RFC 1035: 253 characters). */
  domainLength: 253,
  /** A model's display name. */
  modelNameLength: 200,
  /** A model's provider. */
  providerLength: 100,
  /** A model's description. */
  descriptionLength: 4_000,
  /** A model's additional system prompt. */
  systemPromptLength: 50_000,
  /** The Prompt Cost Alert's message. */
  alertMessageLength: 2_000,
  /** The value of an application variable or secret. */
  variableValueLength: 16 * 1024,

  /** Admins in the Admins card. */
  admins: 1_000,
  /** Feature flags in the section. */
  featureFlags: 2_000,
  /** User exceptions of one feature flag. */
  flagUserExceptions: 10_000,
  /** Amplify group exceptions of one feature flag. */
  flagGroupExceptions: 5_000,
  /** Supported models in the section. */
  models: 5_000,
  /** Amplify groups one model is limited to. */
  modelGroups: 5_000,
  /** Amplify groups in the section. */
  groups: 5_000,
  /** Explicit members of one Amplify group. */
  groupMembers: 10_000,
  /** Groups one Amplify group includes. */
  groupInclusions: 5_000,
  /** Application variables, and application secrets, each. */
  namedValues: 1_000,
  /** Models of the OpenAi Endpoints tab. */
  endpointModels: 500,
  /** Endpoints of one OpenAI endpoint model (its position in a reveal is below this). */
  endpointsPerModel: 100,

  /** Sections of one POST /amplifymin/configs/update (each at most once). */
  sectionsPerUpdate: 32,
  /** A configuration section's type as sent. */
  sectionTypeLength: 64,
  /** The Idempotency-Key and X-Correlation-Id headers: printable ASCII only. */
  idempotencyKeyLength: 200,
  /** An id in event metadata: a command id (an Idempotency-Key and a section), a request id. */
  idLength: 300,
  /** A stream id in the events filter (a prefix and a name). */
  streamIdLength: 300,
  /** An event type in the events filter. */
  eventTypeLength: 100,
  /** A point in time as ISO 8601 text. */
  timestampLength: 40,
  /** A global position (a bigint as digits). */
  positionLength: 20,
  /** Ids one live `changed` message names (the projection runner sends at most this many). */
  liveIds: 50,
  /** An id a live `changed` message names (a name, a test id...). */
  liveIdLength: 300,
  /** An endpoint test's outcome or a live error: a sentence and at most a url. */
  messageLength: 10_000,
  /**
   * A message an answer carries: it may quote names from the request (every group of an inclusion
   * cycle), so at most what a request body may hold.
   */
  answerMessageLength: 1024 * 1024,
  /** Notes one section save answers. */
  notes: 5_000,
} as const;

export type Limit = keyof typeof limits;

/**
 * Names that are members of every JavaScript object: a map keyed by a person's input must never hold
 * them (a flag named `__proto__` would vanish from a plain object, `constructor` would seem to exist
 * in every one). Refused, after trimming, wherever a person names something.
 */
export const reservedNames = ['__proto__', 'prototype', 'constructor'] as const;

export const isReservedName = (raw: string): boolean =>
  (reservedNames as readonly string[]).includes(raw.trim());

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AdminsSection,
  AiEmailDomainSection,
  AmplifyGroupsSection,
  ApplicationSecretsSection,
  ApplicationVariablesSection,
  ConfigsUpdateRequest,
  DefaultModelsSection,
  Email,
  EventsQuery,
  FeatureFlagsSection,
  limits,
  LiveClientMessage,
  maxEndpointKeyLength,
  maxEndpointUrlLength,
  nameFields,
  platformMessages,
  PromptCostAlertSection,
  liveReadModelNames,
  RevealRequest,
  SupportedModelsSection,
  SupportEmailSection,
  TestEndpointRequest,
} from './index';

const text = (n: number, c = 'a') => c.repeat(n);
const list = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));
const record = <T>(n: number, item: (i: number) => [string, T]): Record<string, T> =>
  Object.fromEntries(list(n, item));
/** An email of exactly n characters. */
const emailOf = (n: number) => `${text(n - '@example.com'.length)}@example.com`;

const flag = (over: object = {}) => ({
  enabled: false,
  userExceptions: [],
  amplifyGroupExceptions: [],
  ...over,
});
const group = (name: string, over: object = {}) => ({
  groupName: name,
  members: [],
  includeFromOtherGroups: [],
  rateLimit: { period: 'Unlimited', rate: null },
  ...over,
});
const model = (id: string, over: object = {}) => ({ id, name: 'Model', provider: 'OpenAI', ...over });

interface Bound {
  /** What the row checks. */
  what: string;
  schema: z.ZodType;
  /** The input with the bounded thing of size n. */
  at: (n: number) => unknown;
  max: number;
  /** The message one past the limit. */
  message: string;
}

const long = (what: string, schema: z.ZodType, at: (n: number) => unknown, field: string, max: number) =>
  ({ what, schema, at, max, message: platformMessages.tooLong(field, max) }) satisfies Bound;
const many = (what: string, schema: z.ZodType, at: (n: number) => unknown, field: string, max: number) =>
  ({ what, schema, at, max, message: platformMessages.tooMany(field, max) }) satisfies Bound;

const bounds: Bound[] = [
  // Admins
  long('an admin email', AdminsSection, (n) => [text(n)], 'An admin email', limits.emailLength),
  many('admins', AdminsSection, (n) => list(n, (i) => `a${i}@x.io`), 'Admins', limits.admins),
  // Feature flags
  long(
    'a flag name',
    FeatureFlagsSection,
    (n) => ({ [text(n)]: flag() }),
    nameFields.flagName,
    limits.nameLength,
  ),
  many(
    'flags',
    FeatureFlagsSection,
    (n) => record(n, (i) => [`f${i}`, flag()]),
    'Feature Flags',
    limits.featureFlags,
  ),
  long(
    'a user exception',
    FeatureFlagsSection,
    (n) => ({ f: flag({ userExceptions: [text(n)] }) }),
    'A user exception',
    limits.emailLength,
  ),
  many(
    'user exceptions',
    FeatureFlagsSection,
    (n) => ({ f: flag({ userExceptions: list(n, (i) => `u${i}@x.io`) }) }),
    'The user exceptions of a feature flag',
    limits.flagUserExceptions,
  ),
  long(
    'a group exception',
    FeatureFlagsSection,
    (n) => ({ f: flag({ amplifyGroupExceptions: [text(n)] }) }),
    nameFields.groupReference,
    limits.nameLength,
  ),
  many(
    'group exceptions',
    FeatureFlagsSection,
    (n) => ({ f: flag({ amplifyGroupExceptions: list(n, (i) => `g${i}`) }) }),
    'The Amplify group exceptions of a feature flag',
    limits.flagGroupExceptions,
  ),
  // Amplify groups
  long(
    'a group name',
    AmplifyGroupsSection,
    (n) => ({ g: group(text(n)) }),
    nameFields.groupName,
    limits.nameLength,
  ),
  long(
    'a group key',
    AmplifyGroupsSection,
    (n) => ({ [text(n)]: group('g') }),
    nameFields.groupName,
    limits.nameLength,
  ),
  many(
    'groups',
    AmplifyGroupsSection,
    (n) => record(n, (i) => [`g${i}`, group(`g${i}`)]),
    'Amplify Groups',
    limits.groups,
  ),
  long(
    'a member',
    AmplifyGroupsSection,
    (n) => ({ g: group('g', { members: [text(n)] }) }),
    'A member',
    limits.emailLength,
  ),
  many(
    'members',
    AmplifyGroupsSection,
    (n) => ({ g: group('g', { members: list(n, (i) => `m${i}@x.io`) }) }),
    'The members of an Amplify group',
    limits.groupMembers,
  ),
  long(
    'createdBy',
    AmplifyGroupsSection,
    (n) => ({ g: group('g', { createdBy: text(n) }) }),
    'Created by',
    limits.emailLength,
  ),
  long(
    'an included group',
    AmplifyGroupsSection,
    (n) => ({ g: group('g', { includeFromOtherGroups: [text(n)] }) }),
    nameFields.groupReference,
    limits.nameLength,
  ),
  many(
    'included groups',
    AmplifyGroupsSection,
    (n) => ({ g: group('g', { includeFromOtherGroups: list(n, (i) => `g${i}`) }) }),
    'The included groups of an Amplify group',
    limits.groupInclusions,
  ),
  // Supported models and default models
  long(
    'a model id',
    SupportedModelsSection,
    (n) => ({ m: model(text(n)) }),
    nameFields.modelId,
    limits.nameLength,
  ),
  long(
    'a model key',
    SupportedModelsSection,
    (n) => ({ [text(n)]: model('m') }),
    nameFields.modelId,
    limits.nameLength,
  ),
  many(
    'models',
    SupportedModelsSection,
    (n) => record(n, (i) => [`m${i}`, model(`m${i}`)]),
    'Supported Models',
    limits.models,
  ),
  long(
    'a model name',
    SupportedModelsSection,
    (n) => ({ m: model('m', { name: text(n) }) }),
    'The model name',
    limits.modelNameLength,
  ),
  long(
    'a provider',
    SupportedModelsSection,
    (n) => ({ m: model('m', { provider: text(n) }) }),
    'The provider',
    limits.providerLength,
  ),
  long(
    'a description',
    SupportedModelsSection,
    (n) => ({ m: model('m', { description: text(n) }) }),
    'The description',
    limits.descriptionLength,
  ),
  long(
    'a system prompt',
    SupportedModelsSection,
    (n) => ({ m: model('m', { systemPrompt: text(n) }) }),
    'The additional system prompt',
    limits.systemPromptLength,
  ),
  long(
    "a model's group",
    SupportedModelsSection,
    (n) => ({ m: model('m', { exclusiveGroupAvailability: [text(n)] }) }),
    nameFields.groupReference,
    limits.nameLength,
  ),
  many(
    "a model's groups",
    SupportedModelsSection,
    (n) => ({ m: model('m', { exclusiveGroupAvailability: list(n, (i) => `g${i}`) }) }),
    'The Amplify groups of a model',
    limits.modelGroups,
  ),
  long(
    'a default model',
    DefaultModelsSection,
    (n) => ({ user: text(n) }),
    'Default User Model',
    limits.nameLength,
  ),
  // Application variables and secrets
  long(
    'a variable name',
    ApplicationVariablesSection,
    (n) => ({ [text(n)]: 'v' }),
    nameFields.variableName,
    limits.nameLength,
  ),
  long(
    'a variable value',
    ApplicationVariablesSection,
    (n) => ({ A: text(n) }),
    'A value',
    limits.variableValueLength,
  ),
  many(
    'variables',
    ApplicationVariablesSection,
    (n) => record(n, (i) => [`V${i}`, 'v']),
    'Application Environment Variables',
    limits.namedValues,
  ),
  many(
    'secrets',
    ApplicationSecretsSection,
    (n) => record(n, (i) => [`S${i}`, 'v']),
    'Application Secrets',
    limits.namedValues,
  ),
  // The single-value cards
  long(
    'the support email',
    SupportEmailSection,
    (n) => ({ isActive: true, email: text(n) }),
    'The support email',
    limits.emailLength,
  ),
  long('the AI email domain', AiEmailDomainSection, text, 'The AI email domain', limits.domainLength),
  long(
    'the alert message',
    PromptCostAlertSection,
    (n) => ({ isActive: true, alertMessage: text(n), cost: 1 }),
    'The prompt cost alert message',
    limits.alertMessageLength,
  ),
  // Requests
  long('an email', Email, emailOf, 'An email address', limits.emailLength),
  long(
    'a revealed name',
    RevealRequest,
    (n) => ({ section: 'applicationSecrets', key: text(n) }),
    nameFields.variableName,
    limits.nameLength,
  ),
  long(
    'a revealed endpoint model',
    RevealRequest,
    (n) => ({ section: 'openaiEndpoints', model: text(n), index: 0 }),
    nameFields.endpointModelName,
    limits.nameLength,
  ),
  {
    what: 'a revealed endpoint index',
    schema: RevealRequest,
    at: (n) => ({ section: 'openaiEndpoints', model: 'gpt', index: n - 1 }),
    max: limits.endpointsPerModel,
    message: platformMessages.tooMany('The endpoints of a model', limits.endpointsPerModel),
  },
  long(
    'a tested url',
    TestEndpointRequest,
    (n) => ({ url: text(n), key: 'k' }),
    'The url',
    maxEndpointUrlLength,
  ),
  long(
    'a tested key',
    TestEndpointRequest,
    (n) => ({ url: 'https://x.io', key: text(n) }),
    'The key',
    maxEndpointKeyLength,
  ),
  long(
    'a tested model',
    TestEndpointRequest,
    (n) => ({ url: 'https://x.io', key: 'k', model: text(n) }),
    'The model',
    limits.nameLength,
  ),
  many(
    'sections of a save',
    ConfigsUpdateRequest,
    (n) => ({ configurations: list(n, () => ({ type: 'admins', data: [] })) }),
    'configurations',
    limits.sectionsPerUpdate,
  ),
  long(
    'a section type',
    ConfigsUpdateRequest,
    (n) => ({ configurations: [{ type: text(n), data: [] }] }),
    'A section type',
    limits.sectionTypeLength,
  ),
  long('a stream filter', EventsQuery, (n) => ({ stream: text(n) }), 'The stream', limits.streamIdLength),
  long('a type filter', EventsQuery, (n) => ({ type: text(n) }), 'The event type', limits.eventTypeLength),
  long('an actor filter', EventsQuery, (n) => ({ actor: text(n) }), 'The actor', limits.emailLength),
  many(
    'live read models',
    LiveClientMessage,
    (n) => ({ type: 'subscribe', readModels: list(n, () => liveReadModelNames[0]) }),
    'readModels',
    liveReadModelNames.length,
  ),
];

const messagesOf = (schema: z.ZodType, input: unknown): string[] =>
  schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('every bounded field: at its limit it passes, one past it fails naming the field and the limit', () => {
  it.each(bounds.map((b) => [b.what, b] as const))('%s', (_what, b) => {
    expect(messagesOf(b.schema, b.at(b.max))).toEqual([]);
    expect(messagesOf(b.schema, b.at(b.max + 1))).toContain(b.message);
  });

  it('the messages name the field and the limit', () => {
    expect(platformMessages.tooLong(nameFields.flagName, 200)).toBe(
      'Feature flag name must be at most 200 characters long.',
    );
    expect(platformMessages.tooMany('Feature Flags', 2000)).toBe(
      'Feature Flags may list at most 2000 entries.',
    );
  });
});

interface NamedField {
  what: string;
  schema: z.ZodType;
  at: (name: string) => unknown;
  field: string;
}

const namedFields: NamedField[] = [
  {
    what: 'a flag name',
    schema: FeatureFlagsSection,
    at: (n) => ({ [n]: flag() }),
    field: nameFields.flagName,
  },
  {
    what: 'a group exception',
    schema: FeatureFlagsSection,
    at: (n) => ({ f: flag({ amplifyGroupExceptions: [n] }) }),
    field: nameFields.groupReference,
  },
  {
    what: 'a group key',
    schema: AmplifyGroupsSection,
    at: (n) => ({ [n]: group('g') }),
    field: nameFields.groupName,
  },
  {
    what: 'a group name',
    schema: AmplifyGroupsSection,
    at: (n) => ({ g: group(n) }),
    field: nameFields.groupName,
  },
  {
    what: 'an included group',
    schema: AmplifyGroupsSection,
    at: (n) => ({ g: group('g', { includeFromOtherGroups: [n] }) }),
    field: nameFields.groupReference,
  },
  {
    what: 'a model key',
    schema: SupportedModelsSection,
    at: (n) => ({ [n]: model('m') }),
    field: nameFields.modelId,
  },
  {
    what: 'a model id',
    schema: SupportedModelsSection,
    at: (n) => ({ m: model(n) }),
    field: nameFields.modelId,
  },
  {
    what: "a model's group",
    schema: SupportedModelsSection,
    at: (n) => ({ m: model('m', { exclusiveGroupAvailability: [n] }) }),
    field: nameFields.groupReference,
  },
  {
    what: 'a default model',
    schema: DefaultModelsSection,
    at: (n) => ({ user: n }),
    field: 'Default User Model',
  },
  {
    what: 'a variable name',
    schema: ApplicationVariablesSection,
    at: (n) => ({ [n]: 'v' }),
    field: nameFields.variableName,
  },
  {
    what: 'a secret name',
    schema: ApplicationSecretsSection,
    at: (n) => ({ [n]: 'v' }),
    field: nameFields.variableName,
  },
  {
    what: 'a revealed name',
    schema: RevealRequest,
    at: (n) => ({ section: 'applicationVariables', key: n }),
    field: nameFields.variableName,
  },
  {
    what: 'a revealed endpoint model',
    schema: RevealRequest,
    at: (n) => ({ section: 'openaiEndpoints', model: n, index: 0 }),
    field: nameFields.endpointModelName,
  },
];

describe("names '__proto__', 'prototype' and 'constructor' (after trimming) are refused naming the field", () => {
  const reserved = ['__proto__', ' prototype', 'constructor ', '\tconstructor\n'];
  it.each(namedFields.map((f) => [f.what, f] as const))('%s', (_what, f) => {
    for (const name of reserved) {
      expect(messagesOf(f.schema, f.at(name))).toContain(platformMessages.reservedName(f.field, name));
    }
    expect(messagesOf(f.schema, f.at('protoType'))).toEqual([]);
    expect(messagesOf(f.schema, f.at('__proto__x'))).toEqual([]);
  });

  it('a flag name that becomes a reserved name in camelCase is refused as that name', () => {
    expect(messagesOf(FeatureFlagsSection, { Constructor: flag() })).toEqual([
      platformMessages.reservedName(nameFields.flagName, 'constructor'),
    ]);
  });

  it("a '__proto__' key parsed from JSON is refused, not silently dropped", () => {
    const body: unknown = JSON.parse(
      '{"__proto__": {"enabled": true, "userExceptions": [], "amplifyGroupExceptions": []}}',
    );
    expect(messagesOf(FeatureFlagsSection, body)).toEqual([
      platformMessages.reservedName(nameFields.flagName, '__proto__'),
    ]);
  });
});

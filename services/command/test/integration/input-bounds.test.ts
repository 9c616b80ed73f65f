import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  limits,
  nameFields,
  platformMessages,
  routes,
  secretRoutes,
  type ErrorResponse,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const ann = 'ann@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann], endpointTestWaitMs: 50 });
});
afterAll(async () => {
  await p.close();
});

const text = (n: number) => 'a'.repeat(n);
const list = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));
const record = <T>(n: number, item: (i: number) => [string, T]) => Object.fromEntries(list(n, item));
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
const model = (id: string, over: object = {}) => ({
  id,
  name: 'Model',
  provider: 'OpenAI',
  inputContextWindow: 1000,
  outputTokenLimit: 1000,
  ...over,
});
const count = async () => (await p.events()).length;
/** What a browser on the app's own page sends along with its cookie. */
const browser = { origin: 'http://localhost' };

interface Past {
  what: string;
  type: string;
  /** The section one past a limit. */
  data: unknown;
  message: string;
}

const tooLong = (field: string, max: number) => platformMessages.tooLong(field, max);
const tooMany = (field: string, max: number) => platformMessages.tooMany(field, max);

/** One section per bound, one past it: each a 400 naming the field and the limit, nothing appended. */
const pastLimits: Past[] = [
  {
    what: 'a 9,000-character flag name',
    type: 'featureFlags',
    data: { [text(9000)]: flag() },
    message: tooLong(nameFields.flagName, limits.nameLength),
  },
  {
    what: 'flags',
    type: 'featureFlags',
    data: record(limits.featureFlags + 1, (i) => [`f${i}`, flag()]),
    message: tooMany('Feature Flags', limits.featureFlags),
  },
  {
    what: 'user exceptions',
    type: 'featureFlags',
    data: { f: flag({ userExceptions: list(limits.flagUserExceptions + 1, (i) => `u${i}@x.io`) }) },
    message: tooMany('The user exceptions of a feature flag', limits.flagUserExceptions),
  },
  {
    what: 'a user exception',
    type: 'featureFlags',
    data: { f: flag({ userExceptions: [text(limits.emailLength + 1)] }) },
    message: tooLong('A user exception', limits.emailLength),
  },
  {
    what: 'group exceptions',
    type: 'featureFlags',
    data: { f: flag({ amplifyGroupExceptions: list(limits.flagGroupExceptions + 1, (i) => `g${i}`) }) },
    message: tooMany('The Amplify group exceptions of a feature flag', limits.flagGroupExceptions),
  },
  {
    what: 'groups',
    type: 'amplifyGroups',
    data: record(limits.groups + 1, (i) => [`g${i}`, group(`g${i}`)]),
    message: tooMany('Amplify Groups', limits.groups),
  },
  {
    what: 'members',
    type: 'amplifyGroups',
    data: { g: group('g', { members: list(limits.groupMembers + 1, (i) => `m${i}@x.io`) }) },
    message: tooMany('The members of an Amplify group', limits.groupMembers),
  },
  {
    what: 'a group name',
    type: 'amplifyGroups',
    data: { g: group(text(limits.nameLength + 1)) },
    message: tooLong(nameFields.groupName, limits.nameLength),
  },
  {
    what: 'inclusions',
    type: 'amplifyGroups',
    data: { g: group('g', { includeFromOtherGroups: list(limits.groupInclusions + 1, (i) => `g${i}`) }) },
    message: tooMany('The included groups of an Amplify group', limits.groupInclusions),
  },
  {
    what: 'models',
    type: 'supportedModels',
    data: record(limits.models + 1, (i) => [`m${i}`, model(`m${i}`)]),
    message: tooMany('Supported Models', limits.models),
  },
  {
    what: 'a model id',
    type: 'supportedModels',
    data: { m: model(text(limits.nameLength + 1)) },
    message: tooLong(nameFields.modelId, limits.nameLength),
  },
  {
    what: 'a system prompt',
    type: 'supportedModels',
    data: { m: model('m', { systemPrompt: text(limits.systemPromptLength + 1) }) },
    message: tooLong('The additional system prompt', limits.systemPromptLength),
  },
  {
    what: 'a description',
    type: 'supportedModels',
    data: { m: model('m', { description: text(limits.descriptionLength + 1) }) },
    message: tooLong('The description', limits.descriptionLength),
  },
  {
    what: "a model's groups",
    type: 'supportedModels',
    data: { m: model('m', { exclusiveGroupAvailability: list(limits.modelGroups + 1, (i) => `g${i}`) }) },
    message: tooMany('The Amplify groups of a model', limits.modelGroups),
  },
  {
    what: 'a default model',
    type: 'defaultModels',
    data: { user: text(limits.nameLength + 1) },
    message: tooLong('Default User Model', limits.nameLength),
  },
  {
    what: 'variables',
    type: 'applicationVariables',
    data: record(limits.namedValues + 1, (i) => [`V${i}`, 'v']),
    message: tooMany('Application Environment Variables', limits.namedValues),
  },
  {
    what: 'a secret name',
    type: 'applicationSecrets',
    data: { [text(limits.nameLength + 1)]: 'v' },
    message: tooLong(nameFields.variableName, limits.nameLength),
  },
  {
    what: 'admins',
    type: 'admins',
    data: list(limits.admins + 1, (i) => `a${i}@x.io`),
    message: tooMany('Admins', limits.admins),
  },
  {
    what: 'the support email',
    type: 'emailSupport',
    data: { isActive: true, email: text(limits.emailLength + 1) },
    message: tooLong('The support email', limits.emailLength),
  },
  {
    what: 'the AI email domain',
    type: 'aiEmailDomain',
    data: text(limits.domainLength + 1),
    message: tooLong('The AI email domain', limits.domainLength),
  },
  {
    what: 'the alert message',
    type: 'promtCostAlert',
    data: { isActive: true, alertMessage: text(limits.alertMessageLength + 1), cost: 1 },
    message: tooLong('The prompt cost alert message', limits.alertMessageLength),
  },
];

describe('every bound answers 400 naming the field and the limit, and appends nothing', () => {
  it.each(pastLimits.map((b) => [b.what, b] as const))('%s', async (_what, b) => {
    const before = await count();
    const { status, body } = await p.save(ann, [{ type: b.type, data: b.data }]);
    expect(status).toBe(400);
    expect(body.message).toContain(b.message);
    expect(await count()).toBe(before);
  });

  it('a save listing more sections than there are', async () => {
    const before = await count();
    const configurations = list(limits.sectionsPerUpdate + 1, () => ({ type: 'admins', data: [ann] }));
    const { status, body } = await p.save(ann, configurations);
    expect(status).toBe(400);
    expect(body.message).toContain(tooMany('configurations', limits.sectionsPerUpdate));
    expect(await count()).toBe(before);
  });

  it('a reveal naming a value past the name limit', async () => {
    const before = await count();
    const res = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'applicationSecrets', key: text(limits.nameLength + 1) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().message).toContain(tooLong(nameFields.variableName, limits.nameLength));
    expect(await count()).toBe(before);
  });

  it('an endpoint test body nested deeper than the stack: 400, not 500', async () => {
    const before = await count();
    const depth = 100_000;
    const payload = `{"url":"http://127.0.0.1:9/v1","key":"k","body":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const res = await p.app.inject({
      method: 'POST',
      url: secretRoutes.testEndpoint,
      cookies: { session: await p.signIn(ann) },
      headers: { ...browser, 'content-type': 'application/json', 'idempotency-key': 'deep' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('an events filter past its limit', async () => {
    const res = await p.call(ann, 'GET', `${routes.events}?stream=${text(limits.streamIdLength + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().message).toContain(tooLong('The stream', limits.streamIdLength));
  });
});

describe("names '__proto__', 'prototype' and 'constructor' (after trimming) answer 400 naming the field", () => {
  const reserved = (field: string, name: string) => platformMessages.reservedName(field, name);
  const cases: Past[] = [
    {
      what: 'a flag',
      type: 'featureFlags',
      data: { ' __proto__ ': flag() },
      message: reserved(nameFields.flagName, '__proto__'),
    },
    {
      what: 'a flag in camelCase',
      type: 'featureFlags',
      data: { Constructor: flag() },
      message: reserved(nameFields.flagName, 'constructor'),
    },
    {
      what: 'a group',
      type: 'amplifyGroups',
      data: { g: group('constructor ') },
      message: reserved(nameFields.groupName, 'constructor'),
    },
    {
      what: 'a group key',
      type: 'amplifyGroups',
      data: { ' __proto__': group('g') },
      message: reserved(nameFields.groupName, '__proto__'),
    },
    {
      what: 'a model id',
      type: 'supportedModels',
      data: { prototype: model('prototype') },
      message: reserved(nameFields.modelId, 'prototype'),
    },
    {
      what: 'a variable',
      type: 'applicationVariables',
      data: { ' constructor': 'v' },
      message: reserved(nameFields.variableName, 'constructor'),
    },
    {
      what: 'a secret',
      type: 'applicationSecrets',
      data: { '__proto__ ': 'v' },
      message: reserved(nameFields.variableName, '__proto__'),
    },
  ];
  it.each(cases.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const before = await count();
    const { status, body } = await p.save(ann, [{ type: c.type, data: c.data }]);
    expect(status).toBe(400);
    expect(body.message).toContain(c.message);
    expect(await count()).toBe(before);
  });

  it("a raw '__proto__' key in the JSON body: 400, not 500, nothing appended", async () => {
    const before = await count();
    const res = await p.app.inject({
      method: 'POST',
      url: routes.configsUpdate,
      cookies: { session: await p.signIn(ann) },
      headers: { ...browser, 'content-type': 'application/json' },
      payload:
        '{"configurations":[{"type":"featureFlags","data":{"__proto__":{"enabled":true,"userExceptions":[],"amplifyGroupExceptions":[]}}}]}',
    });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("'constructor' is no name the read side lists either: every flag saved is read back", async () => {
    const { status } = await p.save(ann, [
      { type: 'featureFlags', data: { toString: flag(), valueOf: flag() } },
    ]);
    expect(status).toBe(200);
    expect(Object.keys((await p.configsNow(ann)).data.featureFlags).sort()).toEqual(['toString', 'valueOf']);
  });
});

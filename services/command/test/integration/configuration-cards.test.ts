import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  aiEmailDomainStreamId,
  defaultConversationStorageStreamId,
  emailSupportStreamId,
  platformMessages,
  promtCostAlertStreamId,
  rateLimitStreamId,
  routes,
  type RecordedEvent,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';
import { configValueProjections } from '../../../query/src/projections/config-values';
import { rebuild } from '../../../query/src/index';

const ann = 'ann@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const after = async (count: number): Promise<RecordedEvent[]> => (await p.events()).slice(count);
const eventsOf = (events: RecordedEvent[]) => events.map((e) => [e.streamId, e.type, e.data]);

/** Saves one section and answers its result, the events it appended and the configuration read back. */
const saveOne = async (type: string, data: unknown) => {
  const before = (await p.events()).length;
  const { status, body } = await p.save(ann, [{ type, data }]);
  const appended = await after(before);
  const configs = await p.configs(ann, body.position);
  return { status, body, appended, configs };
};

describe('GET /amplifymin/configs: the cards answer their spec 9 defaults before any save', () => {
  it('Support Email, AI Email Domain, Chat Rate Limit, Conversation Storage, Prompt Cost Alert, Amplify Groups', async () => {
    const { data, meta } = await p.configsNow(ann);
    expect(data.emailSupport).toEqual({ isActive: false, email: '' });
    expect(data.aiEmailDomain).toBe('');
    expect(data.rateLimit).toEqual({ period: 'Unlimited', rate: null });
    expect(data.defaultConversationStorage).toBe('future-local');
    expect(data.promtCostAlert).toEqual({ isActive: false, alertMessage: '', cost: 0 });
    expect(data.amplifyGroups).toEqual({});
    expect(meta['emailSupport']).toEqual({ version: 0, changedBy: null, changedAt: null });
  });
});

describe('Support Email', () => {
  it('activation without an address: 400 with the spec message, nothing appended', async () => {
    const { status, body, appended, configs } = await saveOne('emailSupport', { isActive: true, email: ' ' });
    expect(status).toBe(400);
    expect(body.message).toBe('The following configurations were unable to be saved: Support Email');
    expect(body.data['emailSupport']).toEqual({
      success: false,
      reason: 'invalid',
      message: adminMessages.supportEmailRequired,
    });
    expect(appended).toEqual([]);
    expect(configs.data.emailSupport).toEqual({ isActive: false, email: '' });
  });

  it('an invalid address: 400 naming it, nothing appended', async () => {
    const { status, body, appended } = await saveOne('emailSupport', { isActive: false, email: 'help desk' });
    expect(status).toBe(400);
    expect(body.data['emailSupport']?.message).toBe(platformMessages.invalidEmail('help desk'));
    expect(appended).toEqual([]);
  });

  it('activated with an address (trimmed, lower-cased): read back as saved', async () => {
    const { status, appended, configs } = await saveOne('emailSupport', {
      isActive: true,
      email: ' Help@Example.com ',
    });
    expect(status).toBe(200);
    expect(eventsOf(appended)).toEqual([
      [emailSupportStreamId, 'SupportEmailAddressChanged', { email: 'help@example.com' }],
      [emailSupportStreamId, 'SupportEmailActivated', {}],
    ]);
    expect(configs.data.emailSupport).toEqual({ isActive: true, email: 'help@example.com' });
    expect(configs.meta['emailSupport']).toMatchObject({ version: 2, changedBy: ann });
  });

  it('deactivated', async () => {
    const { appended, configs } = await saveOne('emailSupport', {
      isActive: false,
      email: 'help@example.com',
    });
    expect(eventsOf(appended)).toEqual([[emailSupportStreamId, 'SupportEmailDeactivated', {}]]);
    expect(configs.data.emailSupport).toEqual({ isActive: false, email: 'help@example.com' });
  });
});

describe('AI Email Domain', () => {
  it('saved normalised and read back', async () => {
    const { status, appended, configs } = await saveOne('aiEmailDomain', ' @AI.Example.com');
    expect(status).toBe(200);
    expect(eventsOf(appended)).toEqual([
      [aiEmailDomainStreamId, 'AiEmailDomainChanged', { domain: 'ai.example.com' }],
    ]);
    expect(configs.data.aiEmailDomain).toBe('ai.example.com');
  });

  it('not a domain: 400, nothing appended', async () => {
    const { status, body, appended } = await saveOne('aiEmailDomain', 'not a domain');
    expect(status).toBe(400);
    expect(body.data['aiEmailDomain']?.message).toBe(platformMessages.invalidEmailDomain('not a domain'));
    expect(appended).toEqual([]);
  });
});

describe('Chat Rate Limit', () => {
  it('a period and a rate in dollars, read back as saved', async () => {
    const { status, appended, configs } = await saveOne('rateLimit', { period: 'Daily', rate: 12.34 });
    expect(status).toBe(200);
    expect(eventsOf(appended)).toEqual([
      [rateLimitStreamId, 'ChatRateLimitChanged', { period: 'Daily', rate: 12.34 }],
    ]);
    expect(configs.data.rateLimit).toEqual({ period: 'Daily', rate: 12.34 });
  });

  it('Unlimited sent with rate 0 is read back with rate null', async () => {
    const { appended, configs } = await saveOne('rateLimit', { period: 'Unlimited', rate: 0 });
    expect(eventsOf(appended)).toEqual([
      [rateLimitStreamId, 'ChatRateLimitChanged', { period: 'Unlimited', rate: null }],
    ]);
    expect(configs.data.rateLimit).toEqual({ period: 'Unlimited', rate: null });
  });

  it('the largest rate the selector can show: 8 digits of cents', async () => {
    const { status, configs } = await saveOne('rateLimit', { period: 'Total', rate: 999_999.99 });
    expect(status).toBe(200);
    expect(configs.data.rateLimit).toEqual({ period: 'Total', rate: 999_999.99 });
  });
});

describe('Default User Conversation Storage', () => {
  it('Cloud, read back, then Local', async () => {
    const cloud = await saveOne('defaultConversationStorage', 'future-cloud');
    expect(eventsOf(cloud.appended)).toEqual([
      [defaultConversationStorageStreamId, 'ConversationStorageDefaultChanged', { storage: 'future-cloud' }],
    ]);
    expect(cloud.configs.data.defaultConversationStorage).toBe('future-cloud');
    const local = await saveOne('defaultConversationStorage', 'future-local');
    expect(local.configs.data.defaultConversationStorage).toBe('future-local');
  });
});

describe('Prompt Cost Alert', () => {
  it('activated with a message using the placeholders and a cost, read back as saved', async () => {
    const alert = { isActive: true, alertMessage: 'Spent $<totalCost> over <prompts> prompts.', cost: 2.5 };
    const { status, appended, configs } = await saveOne('promtCostAlert', alert);
    expect(status).toBe(200);
    expect(eventsOf(appended)).toEqual([
      [promtCostAlertStreamId, 'PromptCostAlertMessageChanged', { alertMessage: alert.alertMessage }],
      [promtCostAlertStreamId, 'PromptCostAlertCostChanged', { cost: 2.5 }],
      [promtCostAlertStreamId, 'PromptCostAlertActivated', {}],
    ]);
    expect(configs.data.promtCostAlert).toEqual(alert);
  });

  it('saving it unchanged appends nothing', async () => {
    const current = await p.configsNow(ann);
    const { status, appended } = await saveOne('promtCostAlert', current.data.promtCostAlert);
    expect(status).toBe(200);
    expect(appended).toEqual([]);
  });
});

describe('bad input: 400 naming the field, nothing appended for any section of the request', () => {
  /** A valid change to another section, sent in the same request: it is not saved either. */
  const validBeside = (type: string) =>
    type === 'aiEmailDomain'
      ? { type: 'defaultConversationStorage', data: 'future-cloud' }
      : { type: 'aiEmailDomain', data: 'other.example.com' };

  it.each([
    [
      'a negative chat rate',
      'rateLimit',
      { period: 'Daily', rate: -1 },
      /^configurations\.0\.data\.rate: must not be negative/,
    ],
    [
      'a chat rate that is not a number',
      'rateLimit',
      { period: 'Daily', rate: '5' },
      /^configurations\.0\.data\.rate: /,
    ],
    [
      'a chat rate finer than cents',
      'rateLimit',
      { period: 'Daily', rate: 1.234 },
      /^configurations\.0\.data\.rate: must be dollars and cents/,
    ],
    [
      'a chat rate over 8 digits of cents',
      'rateLimit',
      { period: 'Daily', rate: 1_000_000 },
      /^configurations\.0\.data\.rate: must have at most 8 digits/,
    ],
    [
      'a rate with Unlimited',
      'rateLimit',
      { period: 'Unlimited', rate: 5 },
      /^configurations\.0\.data\.rate: must be 0 or null/,
    ],
    [
      'no rate with a period',
      'rateLimit',
      { period: 'Hourly', rate: null },
      /^configurations\.0\.data\.rate: is required when the period is Hourly/,
    ],
    ['an unknown period', 'rateLimit', { period: 'Weekly', rate: 1 }, /^configurations\.0\.data\.period: /],
    [
      'a negative alert cost',
      'promtCostAlert',
      { isActive: false, alertMessage: '', cost: -0.01 },
      /^configurations\.0\.data\.cost: must not be negative/,
    ],
    [
      'an alert cost that is not a number',
      'promtCostAlert',
      { isActive: false, alertMessage: '', cost: 'abc' },
      /^configurations\.0\.data\.cost: /,
    ],
    [
      'an alert cost finer than 0.01',
      'promtCostAlert',
      { isActive: false, alertMessage: '', cost: 0.005 },
      /^configurations\.0\.data\.cost: must use steps of 0\.01/,
    ],
    ['an unknown storage', 'defaultConversationStorage', 'local', /^configurations\.0\.data: /],
    [
      'support email without isActive',
      'emailSupport',
      { email: 'help@example.com' },
      /^configurations\.0\.data\.isActive: /,
    ],
    ['a domain that is not a string', 'aiEmailDomain', 42, /^configurations\.0\.data: /],
  ])('%s', async (_name, type, data, message) => {
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', routes.configsUpdate, {
      body: { configurations: [{ type, data }, validBeside(type)] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await after(before)).toEqual([]);
  });
});

describe('the cards read models', () => {
  it('rebuilt from the log, they read the same', async () => {
    const before = (await p.configsNow(ann)).data;
    for (const projection of configValueProjections) await rebuild(p.database.db, projection);
    const rebuilt = (await p.configs(ann)).data;
    expect(rebuilt.emailSupport).toEqual(before.emailSupport);
    expect(rebuilt.aiEmailDomain).toEqual(before.aiEmailDomain);
    expect(rebuilt.rateLimit).toEqual(before.rateLimit);
    expect(rebuilt.defaultConversationStorage).toEqual(before.defaultConversationStorage);
    expect(rebuilt.promtCostAlert).toEqual(before.promtCostAlert);
    expect(before.rateLimit).toEqual({ period: 'Total', rate: 999_999.99 });
  });
});

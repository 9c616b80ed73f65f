import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatLimits,
  chatMessages,
  chatRoute,
  defaultModel,
  sessionCookieName,
  type ChatRequestInput,
  type Model,
} from '@app/contracts';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { admin, parseSse, startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';

const ann = 'ann@example.com';
const gil = 'gil@example.com';

let p: ChatPlatform;
let model: ModelServer;
let n = 0;
const requestId = () => `refusal-${++n}`;

const ask = (extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) => ({
  model: testChatModelId,
  messages: [{ role: 'user', content: 'hello' }],
  options: { requestId: requestId(), ...options },
  ...extra,
});

const groupModel: Model = testChatModel({
  id: 'group-model',
  name: 'Group Model',
  exclusiveGroupAvailability: ['Researchers'],
});
const hiddenModel: Model = testChatModel({ id: 'hidden-model', name: 'Hidden', isAvailable: false });
const lonelyModel: Model = testChatModel({ id: 'lonely-model', name: 'Lonely' });

const group = (groupName: string, members: string[], includeFromOtherGroups: string[] = []) => ({
  groupName,
  members,
  createdBy: admin,
  includeFromOtherGroups,
  isBillingGroup: false,
  rateLimit: { period: 'Unlimited', rate: null },
});

beforeAll(async () => {
  model = await startModelServer();
  p = await startChatPlatform();
  const configurations = chatModelConfigurations(model.chatUrl, {
    models: [testChatModel(), groupModel, hiddenModel],
  });
  const models = configurations.find((c) => c.type === 'supportedModels');
  if (models) models.data = { ...(models.data as object), [lonelyModel.id]: lonelyModel };
  await p.configure([
    {
      type: 'amplifyGroups',
      data: {
        Researchers: group('Researchers', ['ann@example.com'], ['Visitors']),
        Visitors: group('Visitors', ['vic@example.com']),
      },
    },
    ...configurations,
  ]);
});

afterAll(async () => {
  await p.close();
  await model.close();
});

/** The request is refused with `status` and `error`, nothing appended, nothing reserved, nothing sent. */
const expectRefused = async (
  email: string,
  body: unknown,
  status: number,
  error: string | RegExp,
): Promise<void> => {
  const before = {
    events: (await p.allChatEvents()).length,
    sent: model.requests.length,
    reserved: p.spend.reserved.length,
  };
  const res = await p.chat(email, body as ChatRequestInput);
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const answer = res.json<{ error: string }>();
  if (typeof error === 'string') expect(answer.error).toBe(error);
  else expect(answer.error).toMatch(error);
  expect((await p.allChatEvents()).length).toBe(before.events);
  expect(model.requests.length).toBe(before.sent);
  expect(p.spend.reserved.length).toBe(before.reserved);
};

describe('POST /api/chat: bad input answers 400 {error} naming the field, before anything runs', () => {
  it.each([
    ['empty messages', ask({ messages: [] }), /^messages: messages must not be empty/],
    [
      'a system message that is not first',
      ask({
        messages: [
          { role: 'user', content: 'a' },
          { role: 'system', content: 'b' },
        ],
      }),
      /^messages\.1: only the first message may be the system prompt$/,
    ],
    ['temperature 3', ask({ temperature: 3 }), /^temperature: /],
    ['max_tokens 0', ask({ max_tokens: 0 }), /^max_tokens: /],
    [
      'no requestId',
      { model: testChatModelId, messages: [{ role: 'user', content: 'a' }], options: {} },
      /^options\.requestId: /,
    ],
    ['no model', ask({ model: '' }), /^model: model is required$/],
    [
      'a kill switch without value true',
      { killSwitch: { requestId: 'x', value: false } },
      /^killSwitch\.value: /,
    ],
  ])('%s', async (_what, body, error) => {
    await expectRefused(ann, body, 400, error);
  });

  it('an unknown model: the unavailable model message', async () => {
    await expectRefused(
      ann,
      ask({ model: 'no-such-model' }),
      400,
      chatMessages.modelUnavailable('no-such-model'),
    );
  });

  it('a model that is not available: the same words', async () => {
    await expectRefused(
      ann,
      ask({ model: hiddenModel.id }),
      400,
      chatMessages.modelUnavailable(hiddenModel.id),
    );
  });

  it('a model reserved to a group the caller is not in: the same words', async () => {
    await expectRefused(
      gil,
      ask({ model: groupModel.id }),
      400,
      chatMessages.modelUnavailable(groupModel.id),
    );
  });

  it('a model without endpoints: noEndpoints', async () => {
    await expectRefused(ann, ask({ model: lonelyModel.id }), 400, chatMessages.noEndpoints(lonelyModel.id));
  });
});

describe('POST /api/chat: group-reserved models', () => {
  it.each([
    ['a member', ann],
    ['a member of an included group', 'vic@example.com'],
  ])('%s may use it', async (_who, email) => {
    const res = await p.chat(email, ask({ model: groupModel.id }));
    expect(res.statusCode).toBe(200);
    expect(parseSse(res.body).events.at(-1)?.chunk).toEqual({ s: 'result', type: 'end' });
  });
});

describe('POST /api/chat: the spend limit and the request id', () => {
  it('a reservation refused: 429 with its message, the provider never called, nothing appended', async () => {
    const message = chatMessages.limitReached(chatMessages.userLimitName, 'Daily', 1, 0.99, null);
    p.spend.refuseWith = message;
    try {
      await expectRefused(ann, ask(), 429, message);
    } finally {
      p.spend.refuseWith = null;
    }
  });

  it('a requestId used before: 409, and the first request is left as it was', async () => {
    const body = ask() as ChatRequestInput;
    expect((await p.chat(ann, body)).statusCode).toBe(200);
    const id = body.options.requestId;
    const before = await p.chatEvents(id);
    await expectRefused(ann, body, 409, chatMessages.requestIdInUse);
    await expectRefused(gil, body, 409, chatMessages.requestIdInUse);
    expect(await p.chatEvents(id)).toEqual(before);
  });

  it('the embedding model of the configuration is not a chat model', async () => {
    const embeddings = { ...defaultModel(), id: 'text-embedding-3-small' };
    await expectRefused(
      ann,
      ask({ model: embeddings.id }),
      400,
      chatMessages.modelUnavailable(embeddings.id),
    );
  });
});

describe('POST /api/chat: the body limit and the API description', () => {
  it('a body over the limit answers 413 {error}', async () => {
    const huge = 'x'.repeat(chatLimits.bodyBytes);
    await expectRefused(ann, ask({ messages: [{ role: 'user', content: huge }] }), 413, /./);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await p.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      cookies: { [sessionCookieName]: await p.signIn(admin) },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, { post?: { description?: string } }> }>();
    expect(doc.paths[chatRoute]?.post?.description).toMatch(/server-sent events/);
  });
});

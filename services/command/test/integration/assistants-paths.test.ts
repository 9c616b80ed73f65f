import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantLookupMessages,
  assistantMessages,
  assistantPathMessages as m,
  assistantPathStreamId,
  assistantRoutes,
  assistantStreamId,
  assistantUuid,
} from '@app/contracts';
import { readStream } from '@app/platform';
import { chatModelConfigurations, startModelServer, type ModelServer } from '@app/platform/testing';
import { admin, startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';
import { checkPath, createAs, postAs, publishAs } from '../support-assistants/assistant-calls';
import { issueApiKey } from '../../src/api-keys/index';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const cy = 'cy@example.com';
const dan = 'dan@example.com';

let p: ChatPlatform;
let model: ModelServer;

const group = (groupName: string, members: string[], includeFromOtherGroups: string[] = []) => ({
  groupName,
  members,
  createdBy: admin,
  includeFromOtherGroups,
  isBillingGroup: false,
  rateLimit: { period: 'Unlimited', rate: null },
});

const publishingOn = {
  type: 'featureFlags',
  data: { assistantPathPublishing: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
};

/** The path-term prompts the model server received. */
const termQuestions = () =>
  model.requests
    .map((r) => JSON.stringify(r.body['messages'] ?? ''))
    .filter((body) => body.includes('PG-13'));

beforeAll(async () => {
  model = await startModelServer({ tokens: ['NO'] });
  p = await startChatPlatform();
  await p.configure([
    {
      type: 'featureFlags',
      data: { assistantPathPublishing: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
    { type: 'amplifyGroups', data: { Team: group('Team', [], ['Core']), Core: group('Core', [dan]) } },
    ...chatModelConfigurations(model.chatUrl),
  ]);
});

afterAll(async () => {
  await p.close();
  await model.close();
});

describe('POST /assistant/check_path and /assistant/add_path: every path message', () => {
  it('answers each rule in order, word for word, without asking the model', async () => {
    const before = termQuestions().length;
    expect(await checkPath(p, ann, '')).toEqual({ valid: false, message: m.empty });
    expect(await checkPath(p, ann, 'my bot')).toEqual({ valid: false, message: m.characters });
    expect(await checkPath(p, ann, 'ab')).toEqual({ valid: false, message: m.tooShort });
    expect(await checkPath(p, ann, 'a'.repeat(21))).toEqual({ valid: false, message: m.tooLong });
    expect(await checkPath(p, ann, '/bot')).toEqual({ valid: false, message: m.slashAtEnds });
    expect(await checkPath(p, ann, 'my//bot')).toEqual({ valid: false, message: m.consecutiveSlashes });
    expect(await checkPath(p, ann, 'team/Billing')).toEqual({
      valid: false,
      message: 'Path contains restricted system term: billing.',
    });
    expect(termQuestions().length).toBe(before);
  });

  it("asks the admin's cheapest model at PG-13: its YES is 'inappropriate', its NO 'Path available', each cached", async () => {
    model.behave({ tokens: ['YES'] });
    expect(await checkPath(p, ann, 'rude-word')).toEqual({ valid: false, message: m.inappropriate });
    model.behave({ tokens: ['NO'] });
    expect(await checkPath(p, ann, 'kind-word')).toEqual({ valid: true, message: m.available });
    const asked = termQuestions().length;
    expect(await checkPath(p, ann, 'rude-word')).toEqual({ valid: false, message: m.inappropriate });
    expect(termQuestions().length).toBe(asked);
    expect(termQuestions().at(-1)).toContain('kind-word');
  });

  it('falls back to the profanity filter when the model fails', async () => {
    model.behave({ failWith: 500 });
    expect(await checkPath(p, ann, 'sh1t-bot')).toEqual({ valid: false, message: m.inappropriate });
    expect(await checkPath(p, ann, 'tidy-bot')).toEqual({ valid: true, message: m.available });
    model.behave({ tokens: ['NO'] });
  });

  it("says 'Current Path' for the assistant's own path, and taken for everyone else's", async () => {
    const annBot = await createAs(p, ann);
    const published = await publishAs(p, ann, annBot, 'Ann-Bot');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ data: { astPath: string } }>().data.astPath).toBe('ann-bot');
    expect(await checkPath(p, ann, 'ann-bot', annBot)).toEqual({ valid: true, message: m.current });
    expect(await checkPath(p, bob, 'ann-bot')).toEqual({ valid: false, message: m.taken });
    const bobBot = await createAs(p, bob);
    const refused = await publishAs(p, bob, bobBot, 'ann-bot');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(m.taken);
  });

  it('add_path refuses a rule-breaking or inappropriate path with its message, appending nothing', async () => {
    const id = await createAs(p, ann);
    const stream = assistantStreamId(assistantUuid(id));
    const before = (await readStream(p.database.db, stream)).length;
    const short = await publishAs(p, ann, id, 'ab');
    expect([short.statusCode, short.json<{ message: string }>().message]).toEqual([400, m.tooShort]);
    model.behave({ tokens: ['YES'] });
    const rude = await publishAs(p, ann, id, 'nasty-one');
    expect([rude.statusCode, rude.json<{ message: string }>().message]).toEqual([400, m.inappropriate]);
    model.behave({ tokens: ['NO'] });
    expect((await readStream(p.database.db, stream)).length).toBe(before);
  });

  it('a re-publish moves the path and frees the old one', async () => {
    const id = await createAs(p, ann);
    expect((await publishAs(p, ann, id, 'first-home')).statusCode).toBe(200);
    expect((await publishAs(p, ann, id, 'second-home')).statusCode).toBe(200);
    expect(await checkPath(p, bob, 'first-home')).toEqual({ valid: true, message: m.available });
    expect(await checkPath(p, bob, 'second-home')).toEqual({ valid: false, message: m.taken });
  });

  it('only the owner publishes or deletes; deleting frees the path', async () => {
    const id = await createAs(p, ann);
    expect((await publishAs(p, ann, id, 'soon-gone')).statusCode).toBe(200);
    const bobs = await publishAs(p, bob, id, 'stolen-path');
    expect([bobs.statusCode, bobs.json<{ message: string }>().message]).toEqual([
      403,
      assistantMessages.notOwner,
    ]);
    expect((await postAs(p, bob, assistantRoutes.delete, { assistantId: id })).statusCode).toBe(403);
    expect((await postAs(p, ann, assistantRoutes.delete, { assistantId: id })).statusCode).toBe(200);
    expect(await checkPath(p, bob, 'soon-gone')).toEqual({ valid: true, message: m.available });
    const lookup = await postAs(p, ann, assistantRoutes.lookup, { astPath: 'soon-gone' });
    expect(lookup.statusCode).toBe(404);
  });

  it('two concurrent add_path of one path: one 200, the other refused, nothing half-done', async () => {
    const [a, b] = [await createAs(p, ann), await createAs(p, bob)];
    const results = await Promise.all([publishAs(p, ann, a, 'race-path'), publishAs(p, bob, b, 'race-path')]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const loser = results.find((r) => r.statusCode !== 200);
    expect(loser?.json<{ message: string }>().message).toBe(m.taken);
    const claims = (await readStream(p.database.db, assistantPathStreamId('race-path'))).filter(
      (e) => e.type === 'AssistantPathClaimed',
    );
    expect(claims).toHaveLength(1);
    const winner = claims[0]?.data as { assistantId: string };
    const loserId = winner.assistantId === a ? b : a;
    const loserEvents = await readStream(p.database.db, assistantStreamId(assistantUuid(loserId)));
    expect(loserEvents.map((e) => e.type)).toEqual(['AssistantCreated']);
  });
});

describe('POST /assistant/lookup', () => {
  it('404 for an unknown path, 200 for a public one, 403 for a restricted one the caller may not use', async () => {
    const unknown = await postAs(p, bob, assistantRoutes.lookup, { astPath: 'nobody-here' });
    expect([unknown.statusCode, unknown.json<{ message: string }>().message]).toEqual([
      404,
      assistantLookupMessages.notFound,
    ]);
    const open = await createAs(p, ann, { name: 'Open Helper' });
    await publishAs(p, ann, open, 'open-helper');
    const found = await postAs(p, bob, assistantRoutes.lookup, { astPath: 'Open-Helper' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      success: true,
      assistantId: open,
      astPath: 'open-helper',
      pathFromDefinition: 'open-helper',
      public: true,
      name: 'Open Helper',
    });

    const closed = await createAs(p, ann, { name: 'Closed Helper' });
    await publishAs(p, ann, closed, 'closed-helper', {
      isPublic: false,
      accessTo: { users: [cy], amplifyGroups: ['Team'] },
    });
    const refused = await postAs(p, bob, assistantRoutes.lookup, { astPath: 'closed-helper' });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      403,
      assistantLookupMessages.forbidden,
    ]);
    const seenByCy = await postAs(p, cy, assistantRoutes.lookup, { astPath: 'closed-helper' });
    expect(seenByCy.statusCode).toBe(200);
    // Whom else it is published to, and the owner's document keys, stay with the owner.
    const cyView = seenByCy.json<{ definition: { publication: { accessTo: unknown }; fileKeys: unknown } }>();
    expect(cyView.definition.publication.accessTo).toEqual({ amplifyGroups: [], users: [] });
    expect(cyView.definition.fileKeys).toEqual([]);
    const ownView = await postAs(p, ann, assistantRoutes.lookup, { astPath: 'closed-helper' });
    expect(
      ownView.json<{ definition: { publication: { accessTo: unknown } } }>().definition.publication.accessTo,
    ).toEqual({ amplifyGroups: ['Team'], users: [cy] });
    // dan is in Core, which Team includes.
    expect((await postAs(p, dan, assistantRoutes.lookup, { astPath: 'closed-helper' })).statusCode).toBe(200);
    expect(ownView.statusCode).toBe(200);
  });
});

describe('the path check without a model, when publishing is off, and when the check itself fails', () => {
  it("the filter decides when no cheapest model is configured; a failing check says 'Error checking path availability'", async () => {
    const bare = await startChatPlatform({
      assistants: { pathTerms: () => Promise.reject(new Error('the path store is down')) },
    });
    try {
      await bare.configure([publishingOn]);
      const res = await postAs(bare, ann, assistantRoutes.checkPath, { astPath: 'any-path' });
      expect(res.json()).toEqual({ valid: false, message: m.checkFailed });
    } finally {
      await bare.close();
    }
    const noModel = await startChatPlatform();
    try {
      // Publishing is off until the flag is on: add_path and check_path are refused, nothing appended.
      const id = await createAs(noModel, ann);
      const off = await publishAs(noModel, ann, id, 'good-bot');
      expect([off.statusCode, off.json<{ message: string }>().message]).toEqual([
        403,
        assistantMessages.publishingOff,
      ]);
      const check = await postAs(noModel, ann, assistantRoutes.checkPath, { astPath: 'good-bot' });
      expect(check.statusCode).toBe(403);
      await noModel.configure([publishingOn]);
      expect((await checkPath(noModel, ann, 'fuck-bot')).message).toBe(m.inappropriate);
      expect((await checkPath(noModel, ann, 'good-bot')).message).toBe(m.available);
    } finally {
      await noModel.close();
    }
  });
});

describe('the assistant routes with an API key', () => {
  it('a key with the assistants access type looks up as its owner; a chat-only key is refused', async () => {
    const key = (accessTypes: ('assistants' | 'chat')[]) =>
      issueApiKey(
        p.database.db,
        {
          owner: cy,
          applicationName: `app ${accessTypes.join()}`,
          account: { id: 'general_account', name: 'No COA On File', isDefault: true },
          rateLimit: { period: 'Unlimited', rate: null },
          accessTypes,
        },
        { email: cy, kind: 'user' },
      );
    const lookup = (secret: string) =>
      p.app.inject({
        method: 'POST',
        url: assistantRoutes.lookup,
        headers: { authorization: `Bearer ${secret}` },
        payload: { astPath: 'closed-helper' },
      });
    expect((await lookup((await key(['assistants'])).secret)).statusCode).toBe(200);
    expect((await lookup((await key(['chat'])).secret)).statusCode).toBe(403);
  });
});

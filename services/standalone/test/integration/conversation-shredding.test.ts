import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatRoute,
  chatStreamId,
  conversationRoutes,
  routes,
  sealedTextPurposes,
  sessionCookieName,
  type ChatRequestedData,
  type ConversationMessagesResponse,
  type ConversationsResponse,
} from '@app/contracts';
import { openSealedText, readStream, SecretUnavailableError } from '@app/platform';
import {
  chatModelConfigurations,
  createTestDatabase,
  startModelServer,
  testChatModelId,
  type ModelServer,
  type TestDatabase,
} from '@app/platform/testing';
import { allProjections, rebuild } from '@app/query';
import { startPlatform, type RunningPlatform } from '../../src/start-platform';

/**
 * A cloud conversation's text is sealed in the log under the conversation's own data key; deleting
 * the conversation destroys the key, so the text is gone for good: from the read models, from a
 * rebuild of them (what `npm run events -- replay` does), and from the log, where only ciphertext
 * nobody can open is left. The admin's events API never shows it in clear.
 */
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const deletedPrompt = 'the secret merger plan with Initech';
const keptPrompt = 'a packing list for Lisbon';
const answer = 'Hello from the test model.';

let database: TestDatabase;
let platform: RunningPlatform;
let model: ModelServer;
const cookies = new Map<string, string>();

const signIn = async (email: string): Promise<string> => {
  const known = cookies.get(email);
  if (known) return known;
  const res = await fetch(`${platform.url}${routes.devLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  const cookie =
    (res.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName}=`)) ?? '').split(';')[0] ?? '';
  cookies.set(email, cookie);
  return cookie;
};

const call = async (email: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const res = await fetch(`${platform.url}${path}`, {
    method,
    headers: {
      cookie: await signIn(email),
      origin: platform.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
};

const chat = async (conversationId: string, requestId: string, content: string) => {
  const res = await call(bob, 'POST', chatRoute, {
    model: testChatModelId,
    max_tokens: 100,
    messages: [{ role: 'user', content }],
    options: { requestId, conversationId },
  });
  expect(res.status).toBe(200);
  expect(res.text).toContain('"type":"end"');
};

const messagesOf = async (conversationId: string) => {
  const res = await call(bob, 'GET', conversationRoutes.messages(conversationId));
  return res.status === 200
    ? (JSON.parse(res.text) as ConversationMessagesResponse).data.map((m) => m.content)
    : [];
};

const conversations = async () =>
  (JSON.parse((await call(bob, 'GET', conversationRoutes.list)).text) as ConversationsResponse).data.map(
    (c) => c.id,
  );

/** What the admin's events API answers of the log (all of it: a test's log is short). */
const eventsAsAdminSees = async () => {
  const res = await call(ann, 'GET', `${routes.events}?limit=1000`);
  expect(res.status).toBe(200);
  return res.text;
};

const refusal = async (p: Promise<unknown>) => {
  const e: unknown = await p.catch((x: unknown) => x);
  return e instanceof SecretUnavailableError ? e.reason : e;
};

beforeAll(async () => {
  database = await createTestDatabase();
  model = await startModelServer();
  platform = await startPlatform({
    databaseUrl: database.url,
    port: 0,
    host: '127.0.0.1',
    adminEmails: [ann],
    logLevel: 'silent',
    // As `npm start` runs it: the projections on their own thread open the sealed text there.
    projectionThread: true,
  });
  const saved = await call(ann, 'POST', routes.configsUpdate, {
    configurations: [
      ...chatModelConfigurations(model.chatUrl),
      { type: 'defaultConversationStorage', data: 'future-cloud' },
    ],
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await platform?.close();
  await model?.close();
  await database?.drop();
});

describe('a cloud conversation deleted is shredded', () => {
  it('its text is sealed in the log, gone from the read models, unreadable in the log, and never comes back', async () => {
    const { db } = database;
    await chat('trip-deleted', 'shred-1', deletedPrompt);
    await chat('trip-kept', 'shred-2', keptPrompt);
    await expect.poll(() => messagesOf('trip-deleted')).toEqual([deletedPrompt, answer]);
    await expect.poll(() => messagesOf('trip-kept')).toEqual([keptPrompt, answer]);

    // In the log: sealed, under the conversation's data key; the admin's events API shows no text.
    const requested = (await readStream(db, chatStreamId('shred-1')))[0]?.data as ChatRequestedData;
    expect(requested.messages).toBeUndefined();
    const dataKeyId = requested.sealedMessages?.dataKeyId ?? '';
    expect(
      await openSealedText(db, requested.sealedMessages, sealedTextPurposes.chatMessages('shred-1')),
    ).toContain(deletedPrompt);
    const before = await eventsAsAdminSees();
    expect(before).toContain('sealedMessages');
    for (const clear of [deletedPrompt, keptPrompt, answer, 'merger', 'Lisbon'])
      expect(before).not.toContain(clear);

    const deleted = await call(bob, 'POST', conversationRoutes.delete, { conversationId: 'trip-deleted' });
    expect(deleted.status).toBe(200);
    await expect.poll(conversations).toEqual(['trip-kept']);

    // The key is destroyed, its conversation's row gone: the text in the log can no longer be opened.
    const key = await db
      .selectFrom('data_keys')
      .selectAll()
      .where('id', '=', dataKeyId)
      .executeTakeFirstOrThrow();
    expect(key.wrapped_key).toBeNull();
    expect(
      await db
        .selectFrom('conversation_keys')
        .selectAll()
        .where('conversation_id', '=', 'trip-deleted')
        .execute(),
    ).toEqual([]);
    expect(
      await refusal(openSealedText(db, requested.sealedMessages, sealedTextPurposes.chatMessages('shred-1'))),
    ).toBe('shredded');
    const ended = (await readStream(db, chatStreamId('shred-1'))).at(-1)?.data as { sealedAnswer?: unknown };
    expect(
      await refusal(openSealedText(db, ended.sealedAnswer, sealedTextPurposes.chatAnswer('shred-1'))),
    ).toBe('shredded');

    // A rebuild of the conversations read model from the log: the kept conversation's text opens
    // again, the deleted one's shows nowhere.
    const conversationsProjection = allProjections.find((p) => p.name === 'conversations');
    if (!conversationsProjection) throw new Error('no conversations projection');
    await platform.idle();
    await rebuild(db, conversationsProjection);
    expect(await messagesOf('trip-kept')).toEqual([keptPrompt, answer]);
    expect(await messagesOf('trip-deleted')).toEqual([]);
    expect(await conversations()).toEqual(['trip-kept']);
    const rows = await db
      .selectFrom('rm_conversation_messages')
      .select(['conversation_id', 'content'])
      .execute();
    expect(rows.some((r) => r.conversation_id === 'trip-deleted' || r.content.includes('merger'))).toBe(
      false,
    );
    expect(await eventsAsAdminSees()).not.toContain('merger');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { platformMessages, type ChatRequestInput } from '@app/contracts';
import { startModelServer, testChatModel, type ModelServer } from '@app/platform/testing';
import { startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';
import { modelsWithEndpoints } from '../support-chat/chat-config';

/**
 * POST /api/chat takes a session this instance found in force lately at its word as the request
 * arrives, and checks it beside the request's first reads (FastifyContextConfig.deferredSession).
 * A session that ended since (signed out on another instance, revoked) is refused with the 401 of
 * every guarded route, whatever else the request says: nothing recorded, no provider asked.
 */
const ann = 'ann@example.com';
const model = testChatModel({ id: 'session-model', name: 'Session' });

let p: ChatPlatform;
let server: ModelServer;
let n = 0;

const ask = (overrides: Partial<ChatRequestInput> = {}): ChatRequestInput => ({
  model: model.id,
  max_tokens: 100,
  messages: [{ role: 'user', content: 'still there?' }],
  options: { requestId: `deferred-session-${++n}` },
  ...overrides,
});

/** Ends every session of `email` in the database only, as another instance's sign-out would. */
const endedElsewhere = (email: string) =>
  sql`update sessions set ended_at = now(), ended_reason = 'signed out elsewhere' where email = ${email}`.execute(
    p.database.db,
  );

beforeAll(async () => {
  server = await startModelServer();
  p = await startChatPlatform();
  await p.configure(modelsWithEndpoints([{ model, endpoints: [{ url: server.chatUrl, key: 'k' }] }]));
});

afterAll(async () => {
  await p.close();
  await server.close();
});

/** `email` signed in afresh, their session used once here (so recalled), then ended elsewhere. */
const recalledThenEnded = async (email: string) => {
  await p.signIn(email);
  expect((await p.chat(email, ask())).statusCode).toBe(200);
  await endedElsewhere(email);
};

describe('POST /api/chat: the session checked beside the first reads', () => {
  it('given a session this instance used, then ended elsewhere, when the user chats, then 401 and nothing is recorded or asked', async () => {
    await recalledThenEnded(ann);
    const asked = server.requests.length;
    const before = (await p.allChatEvents()).length;

    const body = ask();
    const res = await p.chat(ann, body);

    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: platformMessages.signInRequired });
    expect(await p.chatEvents(body.options.requestId)).toEqual([]);
    expect((await p.allChatEvents()).length).toBe(before);
    expect(server.requests).toHaveLength(asked);
  });

  it.each([
    ['asks for an unknown model', () => ask({ model: 'no-such-model' })],
    ['sends a malformed body', () => ({ ...ask(), max_tokens: -1 })],
    ['sends a kill switch', () => ({ killSwitch: { requestId: `deferred-session-${n}`, value: true } })],
  ])('given a recalled session ended elsewhere, when it %s, then the same 401', async (_, body) => {
    await recalledThenEnded(ann);

    const res = await p.chat(ann, body());

    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: platformMessages.signInRequired });
    expect(p.stopBus.published).toEqual([]);
  });

  it('given the user signs in again, when they chat, then the new session is answered', async () => {
    await p.signIn(ann);

    const res = await p.chat(ann, ask());

    expect(res.statusCode).toBe(200);
  });
});

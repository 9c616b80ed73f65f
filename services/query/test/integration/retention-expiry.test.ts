import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatStreamId,
  conversationRoutes,
  deleteAllConversationsRoute,
  retentionStreamId,
  sealedTextPurposes,
  type ChatEvent,
  type RetentionEvent,
} from '@app/contracts';
import {
  appendToStream,
  createSecretBox,
  inTransaction,
  newMasterKey,
  openSealedTextUnlessShredded,
  parseMasterKey,
  sealerForConversation,
} from '@app/platform';
import { expireConversations } from '@app/command';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { userMetadata } from './conversation-chat';

const bob = 'bob@example.com';
const held = 'held@example.com';
const secrets = createSecretBox(parseMasterKey(newMasterKey()));

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: ['ann@example.com'], secrets });
});
afterAll(async () => {
  await p.close();
});

/** A cloud request and its answer, sealed under the conversation's key as the relay records them. */
const sealedChat = async (owner: string, conversationId: string, requestId: string) => {
  const sealer = await inTransaction(p.database.db, (trx) =>
    sealerForConversation(trx, { owner, conversationId, masterKeyId: secrets.keyId }),
  );
  const sealedMessages = sealer.seal(
    sealedTextPurposes.chatMessages(requestId),
    JSON.stringify([{ role: 'user', content: `hello ${conversationId}` }]),
  );
  const events: ChatEvent[] = [
    {
      type: 'ChatRequested',
      data: {
        requestId,
        model: 'gpt-4o',
        conversationId,
        accountId: 'default',
        maxTokens: 1000,
        reserved: 0.5,
        messageCount: 1,
        storage: 'future-cloud',
        sealedMessages,
      },
    },
    {
      type: 'ChatCompleted',
      data: {
        requestId,
        usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0, cost: 0.1 },
        durationMs: 5,
        sealedAnswer: sealer.seal(sealedTextPurposes.chatAnswer(requestId), 'an answer'),
      },
    },
  ];
  const { position } = await appendToStream(p.database.db, chatStreamId(requestId), events, {
    expectedVersion: 'no-stream',
    metadata: userMetadata(owner),
  });
  return { position, sealedMessages };
};

const listed = async (owner: string) => {
  const res = await p.call(owner, 'GET', conversationRoutes.list);
  expect(res.statusCode).toBe(200);
  return res
    .json<{ data: { id: string }[] }>()
    .data.map((c) => c.id)
    .sort();
};

const eventsOf = async (type: string) =>
  p.database.db.selectFrom('events').select(['stream_id', 'data']).where('event_type', '=', type).execute();

describe('retention: expiry by a clock moved forward', () => {
  it('expires past-due conversations (text shredded, events kept), keeps held ones, a second run appends nothing', async () => {
    const old = await sealedChat(bob, 'c-old', 'r-old');
    await sealedChat(held, 'c-held', 'r-held');
    const retention: RetentionEvent[] = [
      { type: 'ConversationRetentionChanged', data: { days: 1 } },
      { type: 'LegalHoldUserAdded', data: { email: held } },
    ];
    await appendToStream(p.database.db, retentionStreamId, retention, {
      expectedVersion: 'no-stream',
      metadata: userMetadata('ann@example.com'),
    });
    await p.settle();
    expect(await listed(bob)).toEqual(['c-old']);

    // Today nothing is past due.
    expect((await expireConversations(p.database.db, { now: new Date() })).expired).toBe(0);

    const later = new Date(Date.now() + 2 * 86_400_000);
    const run = await expireConversations(p.database.db, { now: later });
    expect(run.expired).toBe(1);
    const expired = await eventsOf('ConversationExpired');
    expect(expired).toHaveLength(1);
    expect(expired[0]?.data).toMatchObject({ conversationId: 'c-old', owner: bob });

    // Its events remain in the log, their text can no longer be opened.
    expect((await eventsOf('ChatRequested')).some((e) => e.stream_id === chatStreamId('r-old'))).toBe(true);
    expect(
      await openSealedTextUnlessShredded(
        p.database.db,
        old.sealedMessages,
        sealedTextPurposes.chatMessages('r-old'),
      ),
    ).toBeNull();

    await p.settle();
    expect(await listed(bob)).toEqual([]);
    expect(await listed(held)).toEqual(['c-held']);

    // A second run continues after what was done: nothing new.
    expect((await expireConversations(p.database.db, { now: later })).expired).toBe(0);
    expect(await eventsOf('ConversationExpired')).toHaveLength(1);
  });

  it("delete-all removes only the caller's conversations", async () => {
    const a = await sealedChat('carol@example.com', 'c-carol-1', 'r-carol-1');
    await sealedChat('carol@example.com', 'c-carol-2', 'r-carol-2');
    await sealedChat('dave@example.com', 'c-dave', 'r-dave');
    await p.settle();
    const res = await p.call('carol@example.com', 'POST', deleteAllConversationsRoute, { body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: 2, remaining: 0 });
    await p.settle();
    expect(await listed('carol@example.com')).toEqual([]);
    expect(await listed('dave@example.com')).toEqual(['c-dave']);
    expect(
      await openSealedTextUnlessShredded(
        p.database.db,
        a.sealedMessages,
        sealedTextPurposes.chatMessages('r-carol-1'),
      ),
    ).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatStreamId,
  conversationRoutes,
  sealedTextPurposes,
  type ChatEvent,
  type ConversationMessagesResponse,
} from '@app/contracts';
import {
  appendToStream,
  createSecretBox,
  destroyConversationKey,
  inTransaction,
  newMasterKey,
  parseMasterKey,
  sealerForConversation,
} from '@app/platform';
import { rebuild } from '../../src/index';
import { conversationsProjection } from '../../src/projections/conversations';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { userMetadata } from './conversation-chat';

const bob = 'bob@example.com';
const secrets = createSecretBox(parseMasterKey(newMasterKey()));

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: ['ann@example.com'], secrets });
});
afterAll(async () => {
  await p.close();
});

/** A cloud request as the relay records it: its message and answer sealed under the conversation's key. */
const sealedChat = async (conversationId: string, requestId: string, message: string, answer: string) => {
  const sealer = await inTransaction(p.database.db, (trx) =>
    sealerForConversation(trx, { owner: bob, conversationId, masterKeyId: secrets.keyId }),
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
        sealedMessages: sealer.seal(
          sealedTextPurposes.chatMessages(requestId),
          JSON.stringify([{ role: 'user', content: message }]),
        ),
      },
    },
    {
      type: 'ChatCompleted',
      data: {
        requestId,
        usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0, cost: 0.1 },
        durationMs: 5,
        sealedAnswer: sealer.seal(sealedTextPurposes.chatAnswer(requestId), answer),
      },
    },
  ];
  const { position } = await appendToStream(p.database.db, chatStreamId(requestId), events, {
    expectedVersion: 'no-stream',
    metadata: userMetadata(bob),
  });
  return position;
};

const messages = async (conversationId: string, waitFor?: string) => {
  const res = await p.call(
    bob,
    'GET',
    `${conversationRoutes.messages(conversationId)}${waitFor ? `?waitFor=${waitFor}` : ''}`,
  );
  expect(res.statusCode).toBe(200);
  return res.json<ConversationMessagesResponse>().data.map((m) => [m.role, m.content]);
};

describe('the conversations projection opens sealed text', () => {
  it('shows a sealed message and answer, and names the conversation after the message', async () => {
    const at = await sealedChat('sealed-1', 'sealed-r1', 'Plan a week in Kyoto', 'Day 1: Fushimi Inari.');
    expect(await messages('sealed-1', at)).toEqual([
      ['user', 'Plan a week in Kyoto'],
      ['assistant', 'Day 1: Fushimi Inari.'],
    ]);
    const list = await p.call(bob, 'GET', conversationRoutes.list);
    expect(list.json<{ data: { id: string; name: string | null }[] }>().data).toContainEqual(
      expect.objectContaining({ id: 'sealed-1', name: 'Plan a week in Kyoto' }),
    );
  });

  it('skips text whose key was destroyed: a rebuild shows the request, none of its text', async () => {
    const at = await sealedChat('sealed-2', 'sealed-r2', 'Something to forget', 'Forgotten.');
    expect(await messages('sealed-2', at)).toHaveLength(2);
    // The key alone destroyed (its ConversationDeleted not folded yet, as in a replay that stops before it).
    await inTransaction(p.database.db, (trx) => destroyConversationKey(trx, bob, 'sealed-2'));
    await p.settle();
    await rebuild(p.database.db, conversationsProjection);
    expect(await messages('sealed-2')).toEqual([]);
    expect(await messages('sealed-1')).toHaveLength(2);
    const rows = await p.database.db
      .selectFrom('rm_conversation_messages')
      .select('content')
      .where('conversation_id', '=', 'sealed-2')
      .execute();
    expect(rows).toEqual([]);
  });
});

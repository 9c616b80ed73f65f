import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecretBox,
  destroyConversationKey,
  inTransaction,
  newMasterKey,
  openSealedText,
  openSealedTextUnlessShredded,
  parseMasterKey,
  SecretUnavailableError,
  sealerForConversation,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';

let t: TestDatabase;
const box = createSecretBox(parseMasterKey(newMasterKey()));
const at = (conversationId: string, owner = 'ann@example.com') => ({
  owner,
  conversationId,
  masterKeyId: box.keyId,
});
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const refusal = async (p: Promise<unknown>) => {
  const e: unknown = await p.catch((x: unknown) => x);
  return e instanceof SecretUnavailableError ? e.reason : e;
};

describe("a conversation's data key", () => {
  it('is made on first use and kept: every text of the conversation is sealed under it', async () => {
    const first = await inTransaction(t.db, (trx) => sealerForConversation(trx, at('c-1')));
    const again = await inTransaction(t.db, (trx) => sealerForConversation(trx, at('c-1')));
    expect(again.dataKeyId).toBe(first.dataKeyId);
    const others = await inTransaction(t.db, (trx) =>
      sealerForConversation(trx, at('c-1', 'bob@example.com')),
    );
    expect(others.dataKeyId).not.toBe(first.dataKeyId);
    const sealed = first.seal('chat-answer|r1', 'Day 1: Belém.');
    expect(await openSealedText(t.db, sealed, 'chat-answer|r1')).toBe('Day 1: Belém.');
    expect(await openSealedText(t.db, again.seal('p', 'x'), 'p')).toBe('x');
    expect(await refusal(openSealedText(t.db, sealed, 'chat-answer|r2'))).toBe('unreadable');
    expect(await refusal(openSealedText(t.db, { nothing: 'sealed' }, 'p'))).toBe('unreadable');
  });

  it('is not kept when the transaction that made it rolls back', async () => {
    await inTransaction(t.db, async (trx) => {
      await sealerForConversation(trx, at('c-rolled'));
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(
      await t.db
        .selectFrom('conversation_keys')
        .selectAll()
        .where('conversation_id', '=', 'c-rolled')
        .execute(),
    ).toEqual([]);
  });

  it('two first requests at once share one key', async () => {
    const [a, b] = await Promise.all([
      inTransaction(t.db, (trx) => sealerForConversation(trx, at('c-race'))),
      inTransaction(t.db, (trx) => sealerForConversation(trx, at('c-race'))),
    ]);
    expect(a.dataKeyId).toBe(b.dataKeyId);
  });

  it('destroyed with its conversation: its texts are shredded; a later request gets a new key', async () => {
    const sealer = await inTransaction(t.db, (trx) => sealerForConversation(trx, at('c-2')));
    const sealed = sealer.seal('chat-messages|r1', '[{"role":"user","content":"secret plans"}]');
    expect(await inTransaction(t.db, (trx) => destroyConversationKey(trx, 'ann@example.com', 'c-2'))).toBe(1);
    const row = await t.db
      .selectFrom('data_keys')
      .selectAll()
      .where('id', '=', sealer.dataKeyId)
      .executeTakeFirstOrThrow();
    expect(row.wrapped_key).toBeNull();
    expect(row.destroyed_at).not.toBeNull();
    // Never from the cache: the row says it is gone.
    expect(await refusal(openSealedText(t.db, sealed, 'chat-messages|r1'))).toBe('shredded');
    expect(await openSealedTextUnlessShredded(t.db, sealed, 'chat-messages|r1')).toBeNull();
    // A second delete destroys nothing more; a later request starts the conversation with a new key.
    expect(await inTransaction(t.db, (trx) => destroyConversationKey(trx, 'ann@example.com', 'c-2'))).toBe(0);
    const next = await inTransaction(t.db, (trx) => sealerForConversation(trx, at('c-2')));
    expect(next.dataKeyId).not.toBe(sealer.dataKeyId);
    expect(await openSealedText(t.db, next.seal('p', 'new'), 'p')).toBe('new');
    expect(await refusal(openSealedText(t.db, sealed, 'chat-messages|r1'))).toBe('shredded');
  });

  it('a process that does not hold the master key cannot open the text', async () => {
    const sealer = await inTransaction(t.db, (trx) => sealerForConversation(trx, at('c-3')));
    const sealed = sealer.seal('p', 'text');
    // Wrapped under a master key this process does not hold (the cache knows only the old wrapped form).
    await t.db
      .updateTable('data_keys')
      .set({ master_key_id: 'another-key', wrapped_key: 'iv.tag.rewrapped' })
      .where('id', '=', sealer.dataKeyId)
      .execute();
    expect(await refusal(openSealedText(t.db, sealed, 'p'))).toBe('unreadable');
  });
});

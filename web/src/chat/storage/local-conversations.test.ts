import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  putLocalChosen,
  putLocalMessages,
  readLocalConversation,
  renameLocalConversation,
  upsertTurns,
} from './local-conversations';
import type { ChatTurn } from '../model/types';

const turn = (id: string, content: string): ChatTurn => ({
  id,
  role: 'assistant',
  content,
  requestId: id,
  at: '2025-01-01T00:00:00.000Z',
});

describe("a conversation's messages", () => {
  it('replace the message with the same id in place (the same answer written by two tabs stays one)', () => {
    const next = upsertTurns([turn('a', '1'), turn('b', '2')], [turn('a', 'again'), turn('c', '3')]);
    expect(next.map((t) => [t.id, t.content])).toEqual([
      ['a', 'again'],
      ['b', '2'],
      ['c', '3'],
    ]);
  });
});

describe('a conversation kept in this browser', () => {
  const email = 'keeper@example.com';
  const now = '2025-01-01T00:00:00.000Z';

  it('keeps every change made at once: answers stored while the user turns to versions and renames it', async () => {
    const conversation = { id: 'c-at-once', name: 'At once' };
    await putLocalMessages(email, conversation, [turn('q', 'question')], now);
    await Promise.all([
      putLocalMessages(email, conversation, [turn('a1', 'first answer')], now),
      putLocalChosen(email, conversation.id, 'root', 'a1'),
      putLocalMessages(email, conversation, [turn('a2', 'second answer')], now),
      putLocalChosen(email, conversation.id, 'q', 'a2'),
      renameLocalConversation(email, conversation.id, 'Renamed'),
    ]);
    const kept = await readLocalConversation(email, conversation.id);
    expect(kept?.name).toBe('Renamed');
    expect(kept?.messages.map((m) => m.id)).toEqual(['q', 'a1', 'a2']);
    expect(kept?.chosen).toEqual({ root: 'a1', q: 'a2' });
  });

  it('a version turned to, or a new name, of a conversation not kept creates nothing', async () => {
    expect(await putLocalChosen(email, 'c-none', 'root', 'r1')).toBeNull();
    expect(await renameLocalConversation(email, 'c-none', 'Name')).toBeNull();
    expect(await readLocalConversation(email, 'c-none')).toBeNull();
  });

  it("is the signed-in user's own: another user of the browser does not read it", async () => {
    await putLocalMessages(email, { id: 'c-mine', name: 'Mine' }, [turn('q', 'question')], now);
    expect(await readLocalConversation('other@example.com', 'c-mine')).toBeNull();
  });
});

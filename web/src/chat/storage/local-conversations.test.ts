import { describe, expect, it } from 'vitest';
import { upsertTurns } from './local-conversations';
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

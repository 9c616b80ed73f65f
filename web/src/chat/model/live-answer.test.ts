import { describe, expect, it } from 'vitest';
import { initialAnswer } from './answer';
import { conversationView, type LiveAnswer } from './live-answer';
import { turnId, type ChatTurn } from './types';

const turn = (requestId: string, role: ChatTurn['role']): ChatTurn => ({
  id: turnId(requestId, role),
  role,
  content: `${role} ${requestId}`,
  requestId,
  at: '2025-01-01T00:00:00.000Z',
});
const live = (requestId: string): LiveAnswer => ({
  requestId,
  conversationId: 'c',
  model: 'fast',
  answer: initialAnswer(),
  phase: 'streaming',
  owned: true,
  userTurn: turn(requestId, 'user'),
});
const shape = (view: ReturnType<typeof conversationView>) =>
  view.map((v) => (v.kind === 'live' ? `live ${v.live.requestId}` : v.turn.id));

describe('the messages shown', () => {
  it('puts a streaming answer right after its question', () => {
    expect(
      shape(
        conversationView([turn('r1', 'user'), turn('r1', 'assistant'), turn('r2', 'user')], [live('r2')]),
      ),
    ).toEqual(['r1:user', 'r1:assistant', 'r2:user', 'live r2']);
  });

  it('shows the question of an answer whose conversation does not hold it yet (another tab, a reload)', () => {
    expect(shape(conversationView([turn('r1', 'user')], [live('r2')]))).toEqual([
      'r1:user',
      'r2:user',
      'live r2',
    ]);
  });

  it('shows an answer the conversation already holds as stored, once', () => {
    expect(shape(conversationView([turn('r1', 'user'), turn('r1', 'assistant')], [live('r1')]))).toEqual([
      'r1:user',
      'r1:assistant',
    ]);
  });
});

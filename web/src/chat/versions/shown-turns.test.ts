import { describe, expect, it } from 'vitest';
import { initialAnswer } from '../model/answer';
import type { LiveAnswer } from '../model/live-answer';
import { turnId, type ChatTurn } from '../model/types';
import { shownTurns } from './shown-turns';

const turn = (requestId: string, role: ChatTurn['role'], parent: string | null): ChatTurn => ({
  id: turnId(requestId, role),
  role,
  content: `${role} ${requestId}`,
  requestId,
  parentRequestId: parent,
  at: '2025-01-01T00:00:00.000Z',
});
const live = (requestId: string, parent: string | null): LiveAnswer => ({
  requestId,
  conversationId: 'c',
  model: 'fast',
  answer: initialAnswer(),
  phase: 'streaming',
  owned: false,
  userTurn: turn(requestId, 'user', parent),
});
const shape = (turns: ReturnType<typeof shownTurns>) =>
  turns.map((t) => `${t.requestId}:${t.live ? 'live' : (t.answer?.content ?? 'none')}`);

describe('the turns shown', () => {
  it('Given an answer streaming whose question the conversation holds, When shown, Then it is that turn’s answer', () => {
    const stored = [turn('a', 'user', null), turn('a', 'assistant', null), turn('b', 'user', 'a')];
    expect(shape(shownTurns(stored, [live('b', 'a')], {}))).toEqual(['a:assistant a', 'b:live']);
  });

  it('Given an answer whose question the conversation does not hold yet (another tab, a reload), When shown, Then its question shows', () => {
    const stored = [turn('a', 'user', null), turn('a', 'assistant', null)];
    const turns = shownTurns(stored, [live('b', 'a')], {});
    expect(shape(turns)).toEqual(['a:assistant a', 'b:live']);
    expect(turns[1]?.user?.content).toBe('user b');
  });

  it('Given another tab’s new version streaming, When shown, Then its question comes from the live answer, as the newest version', () => {
    const stored = [turn('a', 'user', null), turn('a', 'assistant', null)];
    const turns = shownTurns(stored, [live('a2', null)], {});
    expect(shape(turns)).toEqual(['a2:live']);
    expect(turns[0]?.version).toMatchObject({ index: 2, count: 2 });
  });

  it('Given an answer that ended and is kept, When shown, Then it shows as stored', () => {
    const stored = [turn('a', 'user', null), turn('a', 'assistant', null)];
    expect(shape(shownTurns(stored, [live('a', null)], {}))).toEqual(['a:assistant a']);
  });

  it('Given a version not shown, When its answer streams, Then it stays out of the thread', () => {
    const stored = [turn('a', 'user', null), turn('a', 'assistant', null), turn('a2', 'user', null)];
    expect(shape(shownTurns(stored, [live('a2', null)], { '': 'a' }))).toEqual(['a:assistant a']);
  });
});

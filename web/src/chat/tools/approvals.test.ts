import { describe, expect, it } from 'vitest';
import type { StreamChunk } from '../../api/chat-sse';
import { applyChunk, initialAnswer } from '../model/answer';
import { awaitsAnswer, shownArguments, withApproval, type ToolApproval } from './approvals';

const asked = (callId: string, tool = 'weather'): ToolApproval => ({
  callId,
  server: 'Weather',
  tool,
  arguments: '{"city":"Paris"}',
  state: 'asked',
});
const chunk = (approval: ToolApproval): StreamChunk => ({ s: 'meta', approval });
const fold = (chunks: StreamChunk[]) => chunks.reduce(applyChunk, initialAnswer());

describe("an answer's 'Ask first' questions, folded from its approval chunks", () => {
  it('given a call that asks first, when its question arrives, then the answer holds it, waiting, and nothing else changes', () => {
    const answer = fold([{ s: 'answer', d: 'Let me check.' }, chunk(asked('c1'))]);
    expect(answer.approvals).toEqual([asked('c1')]);
    expect(answer.text).toBe('Let me check.');
    expect(answer.usage).toBeNull();
    expect(awaitsAnswer(answer.approvals[0] ?? asked('x'), answer.ended)).toBe(true);
  });

  it('given a question, when its final state arrives with the same call id, then the one question shows it, its arguments kept', () => {
    for (const state of ['allowed', 'denied', 'expired'] as const) {
      const answer = fold([chunk(asked('c1')), chunk({ ...asked('c1'), arguments: '', state })]);
      expect(answer.approvals).toEqual([{ ...asked('c1'), state }]);
      expect(awaitsAnswer(answer.approvals[0] ?? asked('x'), false)).toBe(false);
    }
  });

  it('given two calls asking first, then each keeps its own question and state, in the order they came', () => {
    const answer = fold([
      chunk(asked('c1')),
      chunk(asked('c2', 'forecast')),
      chunk({ ...asked('c2', 'forecast'), state: 'denied' }),
    ]);
    expect(answer.approvals.map((a) => [a.callId, a.tool, a.state])).toEqual([
      ['c1', 'weather', 'asked'],
      ['c2', 'forecast', 'denied'],
    ]);
  });

  it('given a stream replayed over the answer saved (a reload), then a final state is not undone by its question replayed', () => {
    const saved = fold([chunk(asked('c1')), chunk({ ...asked('c1'), state: 'allowed' })]);
    const replayed = [chunk(asked('c1')), chunk({ ...asked('c1'), state: 'allowed' })].reduce(
      applyChunk,
      saved,
    );
    expect(replayed.approvals).toEqual([{ ...asked('c1'), state: 'allowed' }]);
    expect(withApproval(saved.approvals, asked('c1'))).toEqual(saved.approvals);
  });

  it('given a final state whose question was never seen, then it shows on its own', () => {
    expect(fold([chunk({ ...asked('c9'), state: 'expired' })]).approvals).toEqual([
      { ...asked('c9'), state: 'expired' },
    ]);
  });

  it('given the answer ended while a question waited (stopped, failed), then it no longer waits', () => {
    const answer = fold([chunk(asked('c1')), { s: 'result', type: 'end' }]);
    expect(awaitsAnswer(answer.approvals[0] ?? asked('x'), answer.ended)).toBe(false);
  });

  it('shows JSON arguments indented and anything else (arguments cut short) as sent', () => {
    expect(shownArguments('{"city":"Paris"}')).toBe('{\n  "city": "Paris"\n}');
    expect(shownArguments('{"city":"Pa')).toBe('{"city":"Pa');
  });
});

import { describe, expect, it } from 'vitest';
import type { StreamChunk } from '../../api/chat-sse';
import { answerText, applyChunk, initialAnswer, statusesInProgress, type AnswerState } from './answer';

const fold = (chunks: StreamChunk[], from: AnswerState = initialAnswer()) => chunks.reduce(applyChunk, from);
const status = (id: string, summary: string, inProgress: boolean) => ({
  s: 'meta' as const,
  st: { id, summary, type: 'info', inProgress },
});

describe('an answer folded from its chunks', () => {
  it('appends answer text in order and ends on result end', () => {
    const answer = fold([
      { s: 'answer', d: 'Hello' },
      { s: 'answer', d: ', world' },
      { s: 'result', type: 'end' },
    ]);
    expect(answerText(answer)).toBe('Hello, world');
    expect(answer.ended).toBe(true);
  });

  it('keeps one status line per status id, the latest of each, in the order they first came', () => {
    const answer = fold([
      status('model', 'Asking Fast', true),
      status('limit', 'Near the limit', false),
      status('model', 'Asking Fast', false),
    ]);
    expect(answer.statuses.map((s) => [s.id, s.inProgress])).toEqual([
      ['model', false],
      ['limit', false],
    ]);
  });

  it('keeps why the relay stopped the answer (its max_tokens reached), before its usage and end', () => {
    const answer = fold([
      { s: 'answer', d: 'Hel' },
      { s: 'meta', stopped: 'maxTokens' },
      { s: 'meta', usage: { inputTokens: 9, outputTokens: 4, cachedTokens: 0, cost: 0.001 } },
      { s: 'result', type: 'end' },
    ]);
    expect(answer.stopped).toBe('maxTokens');
    expect(answer.usage?.outputTokens).toBe(4);
    expect(initialAnswer().stopped).toBeNull();
  });

  it('shows the spinner for the statuses in progress until the answer ends', () => {
    const streaming = fold([status('model', 'Asking Fast', true)]);
    expect(statusesInProgress(streaming).map((s) => s.id)).toEqual(['model']);
    expect(statusesInProgress(applyChunk(streaming, { s: 'result', type: 'end' }))).toEqual([]);
  });

  it('merges state into the message state and clears it on stateReset', () => {
    const merged = fold([
      { s: 'meta', state: { a: 1, b: { c: 2 } } },
      { s: 'meta', state: { b: 3 } },
    ]);
    expect(merged.state).toEqual({ a: 1, b: 3 });
    expect(applyChunk(merged, { s: 'meta', stateReset: true }).state).toEqual({});
  });

  it("after m:'out_of_order' orders the text by each chunk's index s", () => {
    const answer = fold([
      { s: 'answer', d: 'Intro. ' },
      { s: 'meta', m: 'out_of_order' },
      { s: 2, d: 'third' },
      { s: 0, d: 'fir' },
      { s: 1, d: 'second ' },
      { s: 0, d: 'st ' },
    ]);
    expect(answerText(answer)).toBe('Intro. first second third');
  });

  it('indexed chunks before the switch are in-order text', () => {
    expect(
      answerText(
        fold([
          { s: 1, d: 'a' },
          { s: 0, d: 'b' },
        ]),
      ),
    ).toBe('ab');
  });

  it('keeps the usage and the error beside the partial answer', () => {
    const usage = { inputTokens: 12, outputTokens: 3, cachedTokens: 0, cost: 0.0004 };
    const answer = fold([
      { s: 'answer', d: 'Part' },
      { s: 'error', d: 'The model could not answer' },
      { s: 'meta', usage },
      { s: 'result', type: 'end' },
    ]);
    expect(answer).toMatchObject({ text: 'Part', error: 'The model could not answer', usage, ended: true });
  });

  it('keeps the sources retrieved from the documents, apart from the text', () => {
    const source = {
      key: 'u/1.txt',
      name: 'notes.txt',
      text: 'The lighthouse is lit.',
      score: 0.8,
      chunkIndex: 0,
    };
    const answer = fold([
      { s: 'meta', d: { sources: [source] } },
      { s: 'answer', d: 'Lit at night.' },
    ]);
    expect(answer).toMatchObject({ text: 'Lit at night.', sources: [source] });
    expect(initialAnswer().sources).toEqual([]);
  });

  it('never changes the answer it folds into', () => {
    const before = initialAnswer();
    const copy = structuredClone(before);
    fold([{ s: 'answer', d: 'x' }, { s: 'meta', state: { a: 1 } }, status('model', 'Asking', true)], before);
    expect(before).toEqual(copy);
  });
});

import { describe, expect, it } from 'vitest';
import { createSessionRecall } from '../../src/identity/session-recall';

const ann = { email: 'ann@example.com', sessionId: 's-ann', isAdmin: false };
const bob = { email: 'bob@example.com', sessionId: 's-bob', isAdmin: true };

describe('session recall', () => {
  it('given a token remembered, when it is recalled, then its principal; an unknown token none', () => {
    const recall = createSessionRecall();
    recall.remember('h-ann', ann);

    expect(recall.recall('h-ann')).toEqual(ann);
    expect(recall.recall('h-other')).toBeUndefined();
  });

  it('given more tokens than it holds, when one more is remembered, then the oldest seen is dropped', () => {
    const recall = createSessionRecall(2);
    recall.remember('h1', ann);
    recall.remember('h2', bob);
    recall.remember('h1', ann);

    recall.remember('h3', bob);

    expect(recall.recall('h2')).toBeUndefined();
    expect(recall.recall('h1')).toEqual(ann);
    expect(recall.recall('h3')).toEqual(bob);
  });

  it('given sessions ended, when their tokens are recalled, then none; a forgotten token none', () => {
    const recall = createSessionRecall();
    recall.remember('h-ann', ann);
    recall.remember('h-ann-2', ann);
    recall.remember('h-bob', bob);

    recall.forgetSessions(['s-ann']);
    recall.forget('h-bob');

    expect(recall.recall('h-ann')).toBeUndefined();
    expect(recall.recall('h-ann-2')).toBeUndefined();
    expect(recall.recall('h-bob')).toBeUndefined();
  });
});

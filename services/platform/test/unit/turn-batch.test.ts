import { describe, expect, it } from 'vitest';
import { statementsInFlight, turnBatcher } from '../../src/db/turn-batch';

/** A batch function whose statements end when the test says, recording the keys of each. */
const heldStatements = () => {
  const sent: string[][] = [];
  const pending: (() => void)[] = [];
  const batch = (keys: readonly string[]) => {
    sent.push([...keys]);
    return new Promise<(string | Error)[]>((resolve) => {
      pending.push(() => resolve(keys.map((k) => (k === 'bad' ? new Error(`no ${k}`) : k.toUpperCase()))));
    });
  };
  const endOne = async () => {
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { sent, batch, endOne };
};

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('turn batches (a group commit of statements)', () => {
  it('given nothing in flight, when one call is made, then its statement goes at once', async () => {
    const s = heldStatements();
    const loader = turnBatcher(s.batch);

    const answer = loader.load('a');
    await Promise.resolve();
    await Promise.resolve();

    expect(s.sent).toEqual([['a']]);
    await s.endOne();
    expect(await answer).toBe('A');
  });

  it('given every slot in flight, when calls come in later turns, then they wait and go together in one statement', async () => {
    const s = heldStatements();
    const loader = turnBatcher(s.batch);
    const answers: Promise<string>[] = [];
    for (let i = 0; i < statementsInFlight; i++) {
      answers.push(loader.load(`first-${i}`));
      await nextTurn();
    }
    expect(s.sent).toHaveLength(statementsInFlight);

    answers.push(loader.load('x'));
    await nextTurn();
    answers.push(loader.load('y'));
    await nextTurn();
    expect(s.sent).toHaveLength(statementsInFlight);

    await s.endOne();
    expect(s.sent.at(-1)).toEqual(['x', 'y']);
    for (let i = 0; i < statementsInFlight; i++) await s.endOne();
    expect(await Promise.all(answers)).toEqual([
      ...Array.from({ length: statementsInFlight }, (_, i) => `FIRST-${i}`),
      'X',
      'Y',
    ]);
  });

  it('given a key the statement answers with an error, then that call alone fails', async () => {
    const s = heldStatements();
    const loader = turnBatcher(s.batch);

    const answers = Promise.allSettled([loader.load('ok'), loader.load('bad')]);
    await nextTurn();
    await s.endOne();

    expect((await answers).map((a) => a.status)).toEqual(['fulfilled', 'rejected']);
    expect(s.sent).toEqual([['ok', 'bad']]);
  });
});

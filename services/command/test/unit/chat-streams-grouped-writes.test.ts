import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupedWrites } from '../../src/chat/streams/grouped-writes';

describe('grouped writes', () => {
  it('given a write in flight, when more rows come, then they go together in the next write', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const write = groupedWrites<number, string>(async (rows) => {
      writes.push([...rows]);
      if (writes.length === 1) await new Promise<void>((r) => (release = r));
      return rows.map((r) => `ok ${r}`);
    });
    const first = write(1);
    const rest = [write(2), write(3), write(4)];
    release();
    await expect(first).resolves.toBe('ok 1');
    await expect(Promise.all(rest)).resolves.toEqual(['ok 2', 'ok 3', 'ok 4']);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('given a failing write, when it fails, then each of its rows is refused and the next write goes on', async () => {
    let calls = 0;
    const write = groupedWrites<number, number>((rows) => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(rows.map((r) => r * 2));
    });
    await expect(write(1)).rejects.toThrow('down');
    await expect(write(2)).resolves.toBe(4);
  });

  it('given more rows than a write takes, when they wait, then they go in several writes', async () => {
    const sizes: number[] = [];
    let release: () => void = () => undefined;
    const write = groupedWrites<number, number>(
      async (rows) => {
        sizes.push(rows.length);
        if (sizes.length === 1) await new Promise<void>((r) => (release = r));
        return rows.map((r) => r);
      },
      { maxRows: 2 },
    );
    const all = [write(0), write(1), write(2), write(3), write(4)];
    release();
    await Promise.all(all);
    expect(sizes).toEqual([1, 2, 2]);
  });

  describe('paced: a write starts at least minGapMs after the one before it', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const paced = () => {
      const writes: string[][] = [];
      const write = groupedWrites<string, string>(
        (rows) => {
          writes.push([...rows]);
          return Promise.resolve(rows.map((r) => r));
        },
        { minGapMs: 50, urgent: (r) => r.startsWith('end') },
      );
      return { writes, write };
    };

    it('given a write just made, when rows come within the gap, then they wait for it and go together', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const { writes, write } = paced();
      await write('a');
      const later = [write('b'), write('c')];
      await vi.advanceTimersByTimeAsync(49);
      expect(writes).toEqual([['a']]);
      await vi.advanceTimersByTimeAsync(1);
      await Promise.all(later);
      expect(writes).toEqual([['a'], ['b', 'c']]);
    });

    it('given a queue idle past the gap, when a row comes, then it is written at once', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const { writes, write } = paced();
      await write('a');
      await vi.advanceTimersByTimeAsync(60);
      await write('b');
      expect(writes).toEqual([['a'], ['b']]);
    });

    it('given an urgent row within the gap, then it goes at once, with the rows waiting before it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const { writes, write } = paced();
      await write('a');
      const waiting = write('b');
      await write('end');
      await waiting;
      expect(writes).toEqual([['a'], ['b', 'end']]);
    });
  });
});

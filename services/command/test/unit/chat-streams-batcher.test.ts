import { describe, expect, it } from 'vitest';
import type { ChatChunk } from '@app/contracts';
import type { ChunkBatch } from '../../src/chat/streams/chunk-batch';
import { chunkBatcher } from '../../src/chat/streams/chunk-batcher';

const answer = (i: number): ChatChunk => ({ s: 'answer', d: String(i) });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const idsOf = (batches: ChunkBatch[]) =>
  batches.flatMap((b) => b.chunks.map((c) => Number((c as { d: string }).d)));

describe('chunkBatcher', () => {
  it('answers ids 1, 2, 3... and saves chunks written together as one batch, the end marked', async () => {
    const saved: ChunkBatch[] = [];
    const writer = chunkBatcher(async (b) => {
      saved.push(b);
    });
    expect([writer.write(answer(1)), writer.write(answer(2)), writer.write(answer(3))]).toEqual([1, 2, 3]);
    await writer.end();
    expect(saved).toEqual([
      { firstId: 1, lastId: 3, chunks: [answer(1), answer(2), answer(3)], ended: true },
    ]);
  });

  it('flushes after flushMs without waiting for the end', async () => {
    const saved: ChunkBatch[] = [];
    const writer = chunkBatcher(
      async (b) => {
        saved.push(b);
      },
      { flushMs: 5 },
    );
    writer.write(answer(1));
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]).toEqual({ firstId: 1, lastId: 1, chunks: [answer(1)], ended: false });
    await writer.end();
    expect(saved[1]).toEqual({ firstId: 2, lastId: 1, chunks: [], ended: true });
  });

  it('saves one batch at a time, in order, and a slow save makes the next batch larger', async () => {
    const saved: ChunkBatch[] = [];
    let running = 0;
    let most = 0;
    const writer = chunkBatcher(
      async (b) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        saved.push(b);
        running -= 1;
      },
      { flushMs: 1, maxBatch: 4 },
    );
    for (const i of range(1, 50)) {
      writer.write(answer(i));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.end();
    expect(most).toBe(1);
    expect(idsOf(saved)).toEqual(range(1, 50));
    saved.forEach((b, i) => {
      if (i > 0) expect(b.firstId).toBe(saved[i - 1]!.lastId + 1);
    });
    expect(saved.length).toBeLessThan(50);
    expect(saved.at(-1)?.ended).toBe(true);
  });

  it('retries a failing save, and gives a batch up after its attempts without throwing', async () => {
    const saved: ChunkBatch[] = [];
    let failures = 1;
    const dropped: ChunkBatch[] = [];
    const writer = chunkBatcher(
      async (b) => {
        if (b.firstId === 1 && failures-- > 0) throw new Error('down');
        if (b.firstId === 2) throw new Error('down for good');
        saved.push(b);
      },
      { flushMs: 1, attempts: 2, onDropped: (_e, b) => dropped.push(b) },
    );
    writer.write(answer(1));
    await expect.poll(() => saved.length).toBe(1);
    writer.write(answer(2));
    await expect.poll(() => dropped.length).toBe(1);
    writer.write(answer(3));
    await writer.end();
    expect(idsOf(saved)).toEqual([1, 3]);
    expect(dropped[0]?.firstId).toBe(2);
  });

  it('keeps nothing written after the end', async () => {
    const saved: ChunkBatch[] = [];
    const writer = chunkBatcher(async (b) => {
      saved.push(b);
    });
    writer.write(answer(1));
    await writer.end();
    expect(writer.write(answer(2))).toBe(0);
    await writer.end();
    expect(saved).toHaveLength(1);
  });
});

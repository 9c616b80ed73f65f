import { describe, expect, it, vi } from 'vitest';
import type { ChatChunk } from '@app/contracts';
import { deferredWriter } from '../../src/chat/deferred-writer';
import type { ChatStreamWriter } from '../../src/chat/streams/ports';

const recorder = () => {
  const kept: ChatChunk[] = [];
  let ended = false;
  const writer: ChatStreamWriter = {
    write: (c) => kept.push(c),
    end: () => {
      ended = true;
      return Promise.resolve();
    },
  };
  return { writer, kept, isEnded: () => ended };
};

const answer = (d: string): ChatChunk => ({ s: 'answer', d });

describe('a deferred stream writer', () => {
  it('given the store still opening, when chunks are written, then they are numbered at once and kept in order once it opens', async () => {
    const r = recorder();
    let open: (w: ChatStreamWriter) => void = () => undefined;
    const w = deferredWriter(new Promise((resolve) => (open = resolve)), () => undefined);
    expect([w.write(answer('a')), w.write(answer('b'))]).toEqual([1, 2]);
    open(r.writer);
    await Promise.resolve();
    expect(w.write(answer('c'))).toBe(3);
    await w.end();
    expect(r.kept).toEqual([answer('a'), answer('b'), answer('c')]);
    expect(r.isEnded()).toBe(true);
  });

  it('given the store cannot open the stream, when chunks are written, then they are still numbered and the failure is told once', async () => {
    const onFailed = vi.fn();
    const w = deferredWriter(Promise.reject(new Error('down')), onFailed);
    expect(w.write(answer('a'))).toBe(1);
    await w.end();
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('given the end, when more is written, then it is not kept', async () => {
    const r = recorder();
    const w = deferredWriter(Promise.resolve(r.writer), () => undefined);
    w.write(answer('a'));
    await w.end();
    expect(w.write(answer('late'))).toBe(0);
    expect(r.kept).toEqual([answer('a')]);
  });
});

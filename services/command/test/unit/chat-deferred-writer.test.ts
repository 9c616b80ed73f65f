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

  it('given the store open, when chunks are written, then the store gets them once the caller has sent them on, in order', async () => {
    const r = recorder();
    const w = deferredWriter(Promise.resolve(r.writer), () => undefined);
    expect(w.write(answer('a'))).toBe(1);
    await vi.waitFor(() => expect(r.kept).toEqual([answer('a')]));
    expect(w.write(answer('b'))).toBe(2);
    expect(w.write(answer('c'))).toBe(3);
    // The caller's own write (to the client) comes first: nothing is kept synchronously.
    expect(r.kept).toEqual([answer('a')]);
    await Promise.resolve();
    expect(r.kept).toEqual([answer('a'), answer('b'), answer('c')]);
  });

  it('given a store whose write throws, when a chunk is written, then the failure is told and the caller goes on', async () => {
    const onFailed = vi.fn();
    const failing: ChatStreamWriter = {
      write: () => {
        throw new Error('full');
      },
      end: () => Promise.resolve(),
    };
    const w = deferredWriter(Promise.resolve(failing), onFailed);
    await Promise.resolve();
    expect(w.write(answer('a'))).toBe(1);
    await w.end();
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { ChatChunk } from '@app/contracts';
import { chunksAfter } from '../../src/chat/streams/chunk-batch';
import { idsOfPayload, maxNotifyPayload, notifyPayload } from '../../src/chat/streams/notify-payload';
import { batchOfEntry, entriesOf } from '../../src/chat/streams/redis-entries';
import { lastEventIdOf, sseEvent } from '../../src/chat/streams/sse';
import { stopSubscriptions } from '../../src/chat/streams/stop-subscriptions';
import { streamWakes } from '../../src/chat/streams/stream-wakes';

const answer = (d: string): ChatChunk => ({ s: 'answer', d });

describe('server-sent events', () => {
  it('writes one event per chunk with its id', () => {
    expect(sseEvent(7, answer('hi\nthere'))).toBe('id: 7\ndata: {"s":"answer","d":"hi\\nthere"}\n\n');
  });

  it('reads Last-Event-ID when it is one of our ids, else 0', () => {
    expect(lastEventIdOf('12')).toBe(12);
    expect(lastEventIdOf(' 3 ')).toBe(3);
    expect(lastEventIdOf(undefined)).toBe(0);
    expect(lastEventIdOf('-1')).toBe(0);
    expect(lastEventIdOf('1e9')).toBe(0);
    expect(lastEventIdOf('99999999999')).toBe(0);
  });
});

describe('batches', () => {
  it('gives the chunks after a cursor with their ids', () => {
    const batch = { firstId: 4, lastId: 6, chunks: [answer('a'), answer('b'), answer('c')], ended: false };
    expect(chunksAfter(batch, 4)).toEqual([
      { id: 5, chunk: answer('b') },
      { id: 6, chunk: answer('c') },
    ]);
    expect(chunksAfter(batch, 6)).toEqual([]);
  });

  it('round-trips through Redis entries, the end an entry of its own after the last chunk', () => {
    const batch = { firstId: 4, lastId: 5, chunks: [answer('a'), answer('b')], ended: true };
    const entries = entriesOf(batch);
    expect(entries.map((e) => e.id)).toEqual(['0-5', '0-6']);
    const back = entries.map((e) => batchOfEntry(e.id, e.fields));
    expect(back).toEqual([
      { firstId: 4, lastId: 5, chunks: batch.chunks, ended: false },
      { firstId: 6, lastId: 5, chunks: [], ended: true },
    ]);
    expect(entriesOf({ firstId: 1, lastId: 0, chunks: [], ended: true }).map((e) => e.id)).toEqual(['0-1']);
  });
});

describe('NOTIFY payloads', () => {
  it('name the streams flushed, or none when too long (every follower reads)', () => {
    expect(notifyPayload(['a', 'b'])).toBe('a,b');
    expect(idsOfPayload('a,b')).toEqual(['a', 'b']);
    const many = Array.from({ length: 200 }, (_, i) => `request-${i}-${'x'.repeat(30)}`);
    expect(notifyPayload(many)).toBe('');
    expect(idsOfPayload('')).toEqual([]);
    expect(maxNotifyPayload).toBeLessThan(8000);
  });
});

describe('stop subscriptions', () => {
  it('calls each handler once, however many times its stop is heard, and never once unsubscribed', () => {
    const subs = stopSubscriptions();
    const once = vi.fn();
    const gone = vi.fn();
    const other = vi.fn();
    subs.add('r1', once);
    subs.add('r1', gone)();
    subs.add('r2', other);
    subs.fire('r1');
    subs.fire('r1');
    expect(once).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
    expect(subs.ids()).toEqual(['r2']);
  });

  it('ignores what is not a request id', () => {
    const subs = stopSubscriptions();
    const fn = vi.fn();
    subs.add('', fn);
    subs.fire('');
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('stream wakes', () => {
  it('a wake between the read and the wait is not lost; arm forgets the earlier ones', async () => {
    const wakes = streamWakes();
    const waiter = wakes.waiter('r1');
    const never = new AbortController().signal;
    waiter.arm();
    wakes.wake('r1');
    await waiter.wait(60_000, never);
    waiter.arm();
    const waiting = waiter.wait(60_000, never);
    wakes.wakeAll();
    await waiting;
    expect(wakes.size()).toBe(1);
    waiter.dispose();
    expect(wakes.size()).toBe(0);
  });

  it('an abort ends the wait', async () => {
    const wakes = streamWakes();
    const waiter = wakes.waiter('r1');
    const following = new AbortController();
    waiter.arm();
    const waiting = waiter.wait(60_000, following.signal);
    following.abort();
    await waiting;
    waiter.dispose();
  });
});

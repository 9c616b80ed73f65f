import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as chatApi from '../../api/chat';
import type { ChatStreamAnswer } from '../../api/chat';
import { answerText, initialAnswer } from '../model/answer';
import { runStream, type StreamProgress } from './stream-runner';

const openChatStream = vi.hoisted(() =>
  vi.fn<(id: string, after: string | null) => Promise<ChatStreamAnswer>>(),
);
vi.mock('../../api/chat', async (actual) => ({
  ...(await actual<typeof chatApi>()),
  openChatStream,
}));

const encoder = new TextEncoder();

/** A body that sends these texts, then ends (or breaks, like a dropped connection). */
const body = (texts: string[], breaks = false): ReadableStream<Uint8Array> => {
  const queue = [...texts];
  return new ReadableStream({
    pull(controller) {
      const text = queue.shift();
      if (text !== undefined) controller.enqueue(encoder.encode(text));
      else if (breaks) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
};
const opened = (texts: string[], breaks = false): Promise<ChatStreamAnswer> =>
  Promise.resolve({ ok: true, body: body(texts, breaks) });

const event = (id: number, chunk: object) => `id: ${id}\ndata: ${JSON.stringify(chunk)}\n\n`;
const answer = (id: number, d: string) => event(id, { s: 'answer', d });
const end = (id: number) => event(id, { s: 'result', type: 'end' });
const start: StreamProgress = { answer: initialAnswer(), lastEventId: null };
const noPause = () => Promise.resolve();

beforeEach(() => openChatStream.mockReset());

describe('reading a chat answer', () => {
  it("folds the POST's stream to its end, reporting progress with the last event id", async () => {
    const seen: (string | null)[] = [];
    const outcome = await runStream({
      requestId: 'r',
      from: start,
      first: opened([': keep-alive\n\n', answer(1, 'Hel'), answer(2, 'lo'), end(3)]),
      signal: new AbortController().signal,
      onProgress: (p) => seen.push(p.lastEventId),
    });
    expect(outcome.kind).toBe('ended');
    expect(answerText(outcome.progress.answer)).toBe('Hello');
    expect(seen.at(-1)).toBe('3');
    expect(openChatStream).not.toHaveBeenCalled();
  });

  it('a connection that breaks is opened again after the last event id, and the answer continues', async () => {
    openChatStream.mockReturnValueOnce(opened([answer(3, ' world'), end(4)]));
    const outcome = await runStream({
      requestId: 'r',
      from: start,
      first: opened([answer(1, 'Hello'), answer(2, ',')], true),
      signal: new AbortController().signal,
      onProgress: () => undefined,
      pause: noPause,
    });
    expect(openChatStream).toHaveBeenCalledWith('r', '2', expect.any(AbortSignal));
    expect(outcome.kind).toBe('ended');
    expect(answerText(outcome.progress.answer)).toBe('Hello, world');
  });

  it('a resumed request starts from the saved answer after its last event id', async () => {
    openChatStream.mockReturnValueOnce(opened([answer(6, 'more'), end(7)]));
    const from = { answer: { ...initialAnswer(), text: 'saved ' }, lastEventId: '5' };
    const outcome = await runStream({
      requestId: 'r',
      from,
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    expect(openChatStream).toHaveBeenCalledWith('r', '5', expect.any(AbortSignal));
    expect(answerText(outcome.progress.answer)).toBe('saved more');
  });

  it('a refusal of the POST says why, with its status', async () => {
    const outcome = await runStream({
      requestId: 'r',
      from: start,
      first: Promise.resolve({ ok: false, status: 429, message: 'Your chat rate limit' }),
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    expect(outcome).toMatchObject({ kind: 'refused', status: 429, message: 'Your chat rate limit' });
  });

  it('a stream the server does not know yet is asked for again', async () => {
    openChatStream
      .mockReturnValueOnce(Promise.resolve({ ok: false, status: 404, message: 'no such request' }))
      .mockReturnValueOnce(opened([answer(1, 'Late'), end(2)]));
    const outcome = await runStream({
      requestId: 'r',
      from: start,
      signal: new AbortController().signal,
      onProgress: () => undefined,
      pause: noPause,
    });
    expect(outcome.kind).toBe('ended');
    expect(answerText(outcome.progress.answer)).toBe('Late');
  });

  it('gives up after the reconnects, keeping what was received', async () => {
    openChatStream.mockImplementation(() => Promise.resolve({ ok: true, body: body([], true) }));
    const outcome = await runStream({
      requestId: 'r',
      from: start,
      first: opened([answer(1, 'Part')], true),
      signal: new AbortController().signal,
      onProgress: () => undefined,
      reconnects: 2,
      pause: noPause,
    });
    expect(openChatStream).toHaveBeenCalledTimes(2);
    expect(outcome.kind).toBe('lost');
    expect(answerText(outcome.progress.answer)).toBe('Part');
  });

  it('an abort ends the reading with what was received', async () => {
    const controller = new AbortController();
    const outcome = await runStream({
      requestId: 'r',
      from: start,
      first: opened([answer(1, 'Part')]),
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(outcome.kind).toBe('aborted');
    expect(answerText(outcome.progress.answer)).toBe('Part');
  });
});

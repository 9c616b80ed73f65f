import { afterEach, describe, expect, it, vi } from 'vitest';
import { askForAnswer } from './chat-answer';

afterEach(() => vi.unstubAllGlobals());

/** A 200 whose body streams `parts` one read at a time. */
const streaming = (parts: string[]) =>
  vi.fn(() => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  });

const request = {
  model: 'helper-model',
  messages: [{ role: 'user' as const, content: 'Fix this.' }],
  options: { requestId: 'helper-1' },
};

describe("a helper's whole answer from the chat", () => {
  it('given answer chunks split across reads among comments and status lines, then their text joined, told as it grows', async () => {
    vi.stubGlobal(
      'fetch',
      streaming([
        ': keep-alive\n\nid: 1\ndata: {"s":"meta","st":{"id":"model","summary":"Asking","type":"model","inProgress":true}}\n\n',
        'id: 2\ndata: {"s":"answer",',
        '"d":"{\\"a\\""}\n\nid: 3\r\ndata: {"s":"answer","d":":1}"}\r\n\r\n',
        'id: 4\ndata: {"s":"result","type":"end"}\n\n',
      ]),
    );
    const seen: string[] = [];
    expect(await askForAnswer(request, new AbortController().signal, (t) => seen.push(t))).toEqual({
      ok: true,
      text: '{"a":1}',
    });
    expect(seen).toEqual(['{"a"', '{"a":1}']);
  });

  it('given the model fails mid-answer, then no answer and no message of the server', async () => {
    vi.stubGlobal(
      'fetch',
      streaming(['data: {"s":"answer","d":"par"}\n\n', 'data: {"s":"error","d":"provider down"}\n\n']),
    );
    expect(await askForAnswer(request, new AbortController().signal)).toEqual({ ok: false, message: null });
  });

  it('given a refusal, then the words the server answered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ error: 'Over your limit.' }), { status: 429 })),
      ),
    );
    expect(await askForAnswer(request, new AbortController().signal)).toEqual({
      ok: false,
      message: 'Over your limit.',
    });
  });
});

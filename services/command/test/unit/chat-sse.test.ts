import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import type { ChatChunk } from '@app/contracts';
import { openSse } from '../../src/chat/sse';
import type { ChatStreamWriter } from '../../src/chat/streams/ports';

/** A response that records what was written to it (headers aside). */
const fakeResponse = () => {
  const body = new PassThrough();
  let text = '';
  body.on('data', (d: Buffer) => (text += d.toString()));
  const raw = Object.assign(body, { writeHead: () => raw }) as unknown as ServerResponse;
  return { raw, text: () => text };
};

const keeper = () => {
  const kept: ChatChunk[] = [];
  const writer: ChatStreamWriter = { write: (c) => kept.push(c), end: () => Promise.resolve() };
  return { writer, kept };
};

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('the SSE answer', () => {
  it('given tokens within one turn, when sent, then they go out as one answer chunk, kept the same way', async () => {
    const res = fakeResponse();
    const k = keeper();
    const sse = openSse(res.raw, k.writer, 60_000);
    sse.send({ s: 'answer', d: 'Hel' });
    sse.send({ s: 'answer', d: 'lo' });
    await nextTurn();
    sse.send({ s: 'answer', d: '!' });
    await sse.end();
    expect(k.kept).toEqual([
      { s: 'answer', d: 'Hello' },
      { s: 'answer', d: '!' },
    ]);
    expect(res.text()).toBe(
      'id: 1\ndata: {"s":"answer","d":"Hello"}\n\nid: 2\ndata: {"s":"answer","d":"!"}\n\n',
    );
  });

  it('given text waiting, when another chunk is sent, then the text goes first', () => {
    const k = keeper();
    const sse = openSse(fakeResponse().raw, k.writer, 60_000);
    sse.send({ s: 'answer', d: 'partial' });
    sse.send({ s: 'result', type: 'end' });
    expect(k.kept).toEqual([
      { s: 'answer', d: 'partial' },
      { s: 'result', type: 'end' },
    ]);
  });
});

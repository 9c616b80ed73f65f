import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The headers a client gets for an answer that a server keeping connections `keepAliveMs` sends. */
const answerHeaders = async (keepAliveMs: number): Promise<http.IncomingHttpHeaders> => {
  const server = http.createServer((_req, res) => {
    void openSse(res, keeper().writer, 60_000).end();
  });
  server.keepAliveTimeout = keepAliveMs;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true });
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        })
        .on('error', reject);
    });
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
};

describe('the SSE answer', () => {
  it('given a server keeping connections 72 s, then the answer tells the client so (its next message reuses the connection)', async () => {
    const headers = await answerHeaders(72_000);
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers.connection).toBe('keep-alive');
    expect(headers['keep-alive']).toBe('timeout=72');
  });

  it('given a quiet line, when a token is sent, then it goes out at once', () => {
    const res = fakeResponse();
    const k = keeper();
    const sse = openSse(res.raw, k.writer, 60_000);
    sse.send({ s: 'answer', d: 'Hel' });
    expect(k.kept).toEqual([{ s: 'answer', d: 'Hel' }]);
  });

  it('given tokens following within one frame, when sent, then they go out together at its end, kept the same way', async () => {
    const res = fakeResponse();
    const k = keeper();
    const sse = openSse(res.raw, k.writer, 60_000, 30);
    sse.send({ s: 'answer', d: 'He' });
    sse.send({ s: 'answer', d: 'll' });
    sse.send({ s: 'answer', d: 'o' });
    expect(k.kept).toEqual([{ s: 'answer', d: 'He' }]);
    await sleep(60);
    expect(k.kept).toEqual([
      { s: 'answer', d: 'He' },
      { s: 'answer', d: 'llo' },
    ]);
    await sleep(60);
    // A frame without text: the next token finds the line quiet again.
    sse.send({ s: 'answer', d: '!' });
    expect(k.kept).toHaveLength(3);
    await sse.end();
    expect(k.kept).toEqual([
      { s: 'answer', d: 'He' },
      { s: 'answer', d: 'llo' },
      { s: 'answer', d: '!' },
    ]);
    expect(res.text()).toBe(
      'id: 1\ndata: {"s":"answer","d":"He"}\n\nid: 2\ndata: {"s":"answer","d":"llo"}\n\n' +
        'id: 3\ndata: {"s":"answer","d":"!"}\n\n',
    );
  });

  it('given text waiting, when another chunk is sent, then the text goes first', () => {
    const k = keeper();
    const sse = openSse(fakeResponse().raw, k.writer, 60_000);
    sse.send({ s: 'answer', d: 'part' });
    sse.send({ s: 'answer', d: 'ial' });
    sse.send({ s: 'result', type: 'end' });
    expect(k.kept).toEqual([
      { s: 'answer', d: 'part' },
      { s: 'answer', d: 'ial' },
      { s: 'result', type: 'end' },
    ]);
  });

  it('given the request end still being recorded, when the answer ends, then its kept stream is ended meanwhile and the answer ends once both are done', async () => {
    const res = fakeResponse();
    let keptEnded = false;
    const writer: ChatStreamWriter = {
      write: () => 1,
      end: () => {
        keptEnded = true;
        return Promise.resolve();
      },
    };
    let record = () => undefined as void;
    const recorded = new Promise<void>((resolve) => (record = resolve));
    const sse = openSse(res.raw, writer, 60_000);
    let ended = false;
    const ending = sse.end(recorded).then(() => (ended = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(keptEnded).toBe(true);
    expect(ended).toBe(false);
    expect(res.raw.writableEnded).toBe(false);
    record();
    await ending;
    expect(res.raw.writableEnded).toBe(true);
  });
});

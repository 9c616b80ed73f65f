import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboundClient,
  OutboundError,
  OutboundRefusedError,
  parseAllowList,
  type Lookup,
  type OutboundClient,
} from '../../src/index';
import { startModelServer, type ModelServer } from '../../src/testing/model-server';
import { deadPort, startCountingServer, type CountingServer } from '../support/counting-server';

/**
 * The guarded client's streaming `fetch` (a model's server-sent answer): the same address checks as
 * `request`, no redirect followed, the answer read as it comes, the caller's abort closing the
 * connection. Loopback servers only: 127.0.0.1 is allowed, 127.0.0.2 is a trap that must see nothing.
 */
const allowed = parseAllowList(['127.0.0.1']);
const lookup: Lookup = (hostname) =>
  hostname === 'trap.test'
    ? Promise.resolve([{ address: '127.0.0.2', family: 4 }])
    : Promise.reject(new Error(`ENOTFOUND ${hostname}`));

let model: ModelServer;
let trap: CountingServer;
let plain: CountingServer;
let client: OutboundClient;

beforeAll(async () => {
  model = await startModelServer({ tokens: ['a', 'b', 'c'], tokenDelayMs: 20 });
  trap = await startCountingServer('127.0.0.2');
  plain = await startCountingServer('127.0.0.1', (req, res) => {
    if (req.path === '/redirect') {
      res.writeHead(302, { location: `${trap.origin}/stolen` });
      res.end();
    } else if (req.path === '/silent') {
      // never answers
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain');
    }
  });
  client = createOutboundClient({ allow: allowed, lookup, streamFirstByteTimeoutMs: 500 });
});

afterAll(async () => {
  await client.close();
  await Promise.all([model.close(), trap.close(), plain.close()]);
});

const completion = (stream = true) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
  body: JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: 'hi' }] }),
});

const failure = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('guarded outbound fetch', () => {
  it('streams an allowed server answer chunk by chunk, with status and headers', async () => {
    const res = await client.fetch(model.chatUrl, completion());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body?.getReader();
    let text = '';
    let reads = 0;
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      reads++;
      text += Buffer.from(next.value).toString('utf8');
    }
    expect(reads).toBeGreaterThan(1);
    expect(text).toContain('"content":"c"');
    expect(text).toContain('data: [DONE]');
    expect(model.requests.at(-1)?.headers['authorization']).toBe('Bearer k');
  });

  it('refuses an address outside the allow list before connecting (literal and resolved name)', async () => {
    for (const url of [`${trap.origin}/x`, `http://trap.test:${trap.port}/x`]) {
      const error = await failure(client.fetch(url, completion()));
      expect(error).toBeInstanceOf(OutboundRefusedError);
      expect((error as Error).message).toMatch(/ address, not listed in OUTBOUND_ALLOW$/);
      expect((error as Error).message).not.toContain('(127.');
    }
    expect(trap.seen.length).toBe(0);
  });

  it('follows no redirect', async () => {
    const error = await failure(client.fetch(`${plain.origin}/redirect`));
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as Error).message).toBe(`127.0.0.1:${plain.port}: redirects are not followed`);
    expect(trap.seen.length).toBe(0);
  });

  it('the caller abort closes the connection mid-answer', async () => {
    model.behave({ tokens: ['a', 'b', 'c', 'd', 'e', 'f'], tokenDelayMs: 200 });
    const abort = new AbortController();
    const res = await client.fetch(model.chatUrl, { ...completion(), signal: abort.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    abort.abort();
    await expect(reader?.read()).rejects.toThrow();
    await expect.poll(() => model.requests.at(-1)?.closedEarly, { timeout: 15_000 }).toBe(true);
    expect(model.requests.at(-1)?.ended).toBe(false);
  });

  it('a server that sends no answer: a bounded wait for the first byte', async () => {
    const error = await failure(client.fetch(`${plain.origin}/silent`));
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as Error).message).toMatch(/timed out/);
  });

  it('a port nothing listens on: connection refused', async () => {
    const port = await deadPort();
    const error = await failure(client.fetch(`http://127.0.0.1:${port}/v1/chat/completions`));
    expect((error as Error).message).toBe(`127.0.0.1:${port}: connection refused`);
  });

  it('refuses urls with credentials or another scheme', async () => {
    expect(await failure(client.fetch('http://u:p@127.0.0.1/'))).toBeInstanceOf(OutboundRefusedError);
    expect(await failure(client.fetch('file:///etc/passwd'))).toBeInstanceOf(OutboundRefusedError);
  });
});

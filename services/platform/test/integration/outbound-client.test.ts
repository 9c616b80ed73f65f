import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages } from '@app/contracts';
import {
  createOutboundClient,
  OutboundError,
  OutboundRefusedError,
  parseAllowList,
  type Lookup,
  type OutboundClient,
} from '../../src/index';
import { deadPort, startCountingServer, type CountingServer, type Handler } from '../support/counting-server';

/**
 * The guarded client against servers on loopback only. The allow list names exactly 127.0.0.1: the
 * model server there is reachable; 127.0.0.2 and ::1 are loopback addresses outside the list, and the
 * servers listening there count the requests that reach them (none may).
 */
const allowed = parseAllowList(['127.0.0.1']);

/** Test names: 'model.test' resolves to the allowed address, 'trap.test' to 127.0.0.2, 'both.test' to both loopbacks. */
const names: Record<string, { address: string; family: number }[]> = {
  'model.test': [{ address: '127.0.0.1', family: 4 }],
  'trap.test': [{ address: '127.0.0.2', family: 4 }],
  'localhost.test': [
    { address: '::1', family: 6 },
    { address: '127.0.0.1', family: 4 },
  ],
};
const lookup: Lookup = (hostname) => {
  const found = names[hostname];
  return found ? Promise.resolve(found) : Promise.reject(new Error(`ENOTFOUND ${hostname}`));
};

let model: CountingServer;
let other: CountingServer;
let trap: CountingServer;
let trap6: CountingServer | undefined;
let client: OutboundClient;

const redirectTo =
  (location: () => string, status = 302): Handler =>
  (_req, res) => {
    res.writeHead(status, { location: location() });
    res.end();
  };

const modelHandler: Handler = (req, res) => {
  const url = new URL(req.path, 'http://x');
  const to = url.searchParams.get('to');
  if (url.pathname === '/redirect' && to)
    return redirectTo(() => to, Number(url.searchParams.get('status') ?? 302))(req, res);
  if (url.pathname === '/loop') return redirectTo(() => '/loop')(req, res);
  if (url.pathname === '/big') {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(Buffer.alloc(64 * 1024, 0x61));
    return;
  }
  if (url.pathname === '/slow') return; // never answers
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: true, method: req.method, body: req.body }));
};

const trapHits = () => trap.seen.length + (trap6?.seen.length ?? 0);

beforeAll(async () => {
  model = await startCountingServer('127.0.0.1', modelHandler);
  other = await startCountingServer('127.0.0.1');
  trap = await startCountingServer('127.0.0.2');
  trap6 = await startCountingServer('::1').catch(() => undefined);
  client = createOutboundClient({ allow: allowed, lookup, timeoutMs: 2000, maxResponseBytes: 16 * 1024 });
});

afterAll(async () => {
  await client.close();
  await Promise.all([model.close(), other.close(), trap.close(), trap6?.close()]);
});

const refusal = async (url: string, c: OutboundClient = client): Promise<unknown> =>
  c.request(url).then(
    () => undefined,
    (e: unknown) => e,
  );

describe('guarded outbound client: what may be reached', () => {
  it('reaches an allowed local server and answers status, headers and body to the caller', async () => {
    const answer = await client.request(`${model.origin}/v1/chat`, { method: 'POST', body: '{"hi":1}' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true, method: 'POST', body: '{"hi":1}' });
  });

  it('reaches a name that resolves to an allowed address, connecting to the address it checked', async () => {
    const before = model.seen.length;
    const answer = await client.request(`http://model.test:${model.port}/named`);
    expect(answer.status).toBe(200);
    expect(model.seen.length).toBe(before + 1);
    expect(model.seen.at(-1)?.headers.host).toBe(`model.test:${model.port}`);
  });
});

describe('guarded outbound client: loopback outside OUTBOUND_ALLOW is refused before any request', () => {
  const literal = (host: string) => `http://${host}:${trap.port}/`;
  it.each([
    ['127.0.0.2', () => literal('127.0.0.2')],
    ['its decimal form 2130706434', () => literal('2130706434')],
    ['its hex form 0x7f000002', () => literal('0x7f000002')],
    ['its octal form 0177.0.0.2', () => literal('0177.0.0.2')],
    ['its short form 127.2', () => literal('127.2')],
    ['its IPv4-mapped IPv6 form [::ffff:127.0.0.2]', () => literal('[::ffff:127.0.0.2]')],
    ['a name resolving to it', () => `http://trap.test:${trap.port}/`],
  ])('%s', async (_what, url) => {
    const error = await refusal(url());
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect((error as Error).message).toMatch(/ address, not listed in OUTBOUND_ALLOW$/);
    expect((error as Error).message).not.toContain('(127.');
    expect(trapHits()).toBe(0);
  });

  it('::1 and [0:0:0:0:0:0:0:1]', async () => {
    const port = trap6?.port ?? trap.port;
    for (const host of ['[::1]', '[0:0:0:0:0:0:0:1]']) {
      const error = await refusal(`http://${host}:${port}/`);
      expect(error).toBeInstanceOf(OutboundRefusedError);
      expect((error as Error).message).toBe(
        'refused: ::1 is a loopback address, not listed in OUTBOUND_ALLOW',
      );
    }
    expect(trapHits()).toBe(0);
  });

  it('a name resolving to an allowed address and one outside the list (localhost: ::1 and 127.0.0.1)', async () => {
    const before = model.seen.length;
    const error = await refusal(`http://localhost.test:${model.port}/`);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    // The host as typed, never what it resolves to nor that address's kind.
    expect((error as Error).message).toBe(
      'refused: localhost.test is not at an allowed address, not listed in OUTBOUND_ALLOW',
    );
    expect(model.seen.length).toBe(before);
  });

  it.each([
    ['to 127.0.0.2', () => `http://127.0.0.2:${trap.port}/stolen`],
    ['to its decimal form', () => `http://2130706434:${trap.port}/stolen`],
    ['to [::1]', () => `http://[::1]:${trap6?.port ?? trap.port}/stolen`],
    ['to a name resolving to 127.0.0.2', () => `http://trap.test:${trap.port}/stolen`],
  ])('a redirect from the allowed server %s', async (_what, target) => {
    const before = model.seen.length;
    const error = await refusal(`${model.origin}/redirect?to=${encodeURIComponent(target())}`);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect(model.seen.length).toBe(before + 1);
    expect(trapHits()).toBe(0);
  });

  it('every loopback address is refused when nothing is allowed (the split deployment default)', async () => {
    const strict = createOutboundClient({ lookup });
    try {
      const before = model.seen.length;
      expect(await refusal(`${model.origin}/`, strict)).toBeInstanceOf(OutboundRefusedError);
      expect(await refusal(`http://model.test:${model.port}/`, strict)).toBeInstanceOf(OutboundRefusedError);
      expect(model.seen.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe('guarded outbound client: bounds and redirects', () => {
  it('follows at most 3 redirects', async () => {
    const error = await refusal(`${model.origin}/loop`);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as Error).message).toBe(`127.0.0.1:${model.port}: more than 3 redirects`);
  });

  it('follows an allowed redirect; a 302 after a POST continues as a GET without body', async () => {
    const answer = await client.request(`${model.origin}/redirect?to=${encodeURIComponent('/landed')}`, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(200);
    expect(model.seen.at(-1)).toMatchObject({ method: 'GET', path: '/landed', body: '' });
    expect(answer.url).toBe(`${model.origin}/landed`);
  });

  it('a 307 keeps the method and body', async () => {
    await client.request(`${model.origin}/redirect?status=307&to=${encodeURIComponent('/kept')}`, {
      method: 'POST',
      body: 'payload',
    });
    expect(model.seen.at(-1)).toMatchObject({ method: 'POST', path: '/kept', body: 'payload' });
  });

  it('credentials go to the origin they were meant for, never on to another one after a redirect', async () => {
    const headers = { authorization: 'Bearer secret-token', 'api-key': 'secret-key', 'x-trace': 'kept' };
    await client.request(`${model.origin}/redirect?to=${encodeURIComponent(`${other.origin}/elsewhere`)}`, {
      headers,
    });
    const atOther = other.seen.at(-1);
    expect(atOther?.path).toBe('/elsewhere');
    expect(atOther?.headers['authorization']).toBeUndefined();
    expect(atOther?.headers['api-key']).toBeUndefined();
    expect(atOther?.headers['x-trace']).toBe('kept');
    await client.request(`${model.origin}/redirect?to=${encodeURIComponent('/same-origin')}`, { headers });
    expect(model.seen.at(-1)?.headers['api-key']).toBe('secret-key');
  });

  it('an answer larger than the bound is cut off with an error', async () => {
    const error = await refusal(`${model.origin}/big`);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as Error).message).toBe(`127.0.0.1:${model.port}: the answer is larger than 16384 bytes`);
  });

  it('a server that never answers: the call ends with a timeout', async () => {
    const quick = createOutboundClient({ allow: allowed, timeoutMs: 300 });
    try {
      const error = await refusal(`${model.origin}/slow`, quick);
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as Error).message).toMatch(/timed out/);
    } finally {
      await quick.close();
    }
  });

  it('a port nothing listens on: connection refused', async () => {
    const port = await deadPort();
    const error = await refusal(`http://127.0.0.1:${port}/`);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as Error).message).toBe(`127.0.0.1:${port}: connection refused`);
  });

  it.each(['ftp://127.0.0.1/x', 'file:///etc/passwd', 'http://user:pw@127.0.0.1/', 'not a url'])(
    'refuses %s without connecting',
    async (url) => {
      expect(await refusal(url)).toBeInstanceOf(OutboundRefusedError);
    },
  );

  it('an unknown name is refused in the words of a name at an address not allowed (request and fetch)', async () => {
    for (const call of [
      (url: string) => refusal(url),
      (url: string) =>
        client.fetch(url).then(
          () => undefined,
          (e: unknown) => e,
        ),
    ]) {
      const unknown = await call('http://nowhere.test/');
      const inside = await call(`http://trap.test:${trap.port}/`);
      expect(unknown).toBeInstanceOf(OutboundRefusedError);
      expect((unknown as Error).message).toBe(`refused: ${outboundMessages.hostNotAllowed('nowhere.test')}`);
      expect((inside as Error).message).toBe(`refused: ${outboundMessages.hostNotAllowed('trap.test')}`);
    }
    expect(trapHits()).toBe(0);
  });

  it("the admins' client (unresolvedHost 'not-found') says an unknown name is not found", async () => {
    const admins = createOutboundClient({ allow: allowed, lookup, unresolvedHost: 'not-found' });
    try {
      const error = await refusal('http://nowhere.test/', admins);
      expect(error).not.toBeInstanceOf(OutboundRefusedError);
      expect((error as Error).message).toBe(outboundMessages.hostNotFound('nowhere.test'));
    } finally {
      await admins.close();
    }
  });
});

describe('the traps are real', () => {
  it('with 127.0.0.2 and ::1 allowed, the same requests do arrive (so the counts above mean something)', async () => {
    const open = createOutboundClient({ allow: parseAllowList(['127.0.0.0/8', '::1']), lookup });
    try {
      expect((await open.request(`http://0x7f000002:${trap.port}/`)).status).toBe(200);
      expect((await open.request(`http://trap.test:${trap.port}/`)).status).toBe(200);
      expect(trap.seen.length).toBe(2);
      if (trap6) {
        expect((await open.request(`http://[::1]:${trap6.port}/`)).status).toBe(200);
        expect(trap6.seen.length).toBe(1);
      }
    } finally {
      await open.close();
    }
  });
});

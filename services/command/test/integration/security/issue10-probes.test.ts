import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsRoutes, type OpCallResponse } from '@app/contracts';
import { startOpsApp, type OpsApp } from '../../support-ops/ops-app';
import { startOpServer, type OpServer } from '../../support-ops/op-server';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: OpsApp;
/** On 127.0.0.2: loopback, but not on the allow list of users' addresses (127.0.0.1 only). */
let forbidden: OpServer;
/** On 127.0.0.1 (allowed): answers every request with a redirect to `forbidden`. */
let redirector: Server;
let redirectorOrigin = '';

beforeAll(async () => {
  p = await startOpsApp();
  forbidden = await startOpServer('127.0.0.2');
  redirector = createServer((_req, res) => {
    res.writeHead(302, { location: `${forbidden.origin}/weather` });
    res.end();
  });
  await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  redirectorOrigin = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await p.close();
  await forbidden.close();
  await new Promise((r) => redirector.close(r));
});

const op = (name: string, url: string) => ({
  name,
  url,
  method: 'GET',
  description: 'probe',
  tags: ['probe'],
  parameters: { properties: {}, required: [] },
});

const call = (email: string, name: string) =>
  p.call(email, 'POST', opsRoutes.call, { op_name: name, parameters: {} });

describe('probe: ops calls cannot reach an address off the allow list', () => {
  it('decimal, hex, octal, short and IPv6-mapped forms of 127.0.0.2, and [::1], are refused; the server sees nothing', async () => {
    const port = new URL(forbidden.origin).port;
    const forms = [
      `http://2130706434:${port}/weather`,
      `http://0x7f000002:${port}/weather`,
      `http://0177.0.0.2:${port}/weather`,
      `http://0x7f.0.0.2:${port}/weather`,
      `http://127.2:${port}/weather`,
      `http://[::ffff:127.0.0.2]:${port}/weather`,
      `http://[::ffff:7f00:2]:${port}/weather`,
      `http://[::1]:${port}/weather`,
      `http://[0:0:0:0:0:0:0:1]:${port}/weather`,
      `http://127.0.0.2.:${port}/weather`,
    ];
    for (const [i, url] of forms.entries()) {
      const name = `form_${i}`;
      const reg = await p.call(ann, 'POST', opsRoutes.register, { ops: [op(name, url)] });
      if (reg.statusCode !== 200) continue; // refused at registration: fine too
      const res = await call(ann, name);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json<OpCallResponse>().success, url).toBe(false);
    }
    expect(forbidden.requests).toEqual([]);
  });

  it('a redirect from an allowed address to a forbidden one is not followed', async () => {
    await p.call(ann, 'POST', opsRoutes.register, { ops: [op('redirected', `${redirectorOrigin}/go`)] });
    const res = await call(ann, 'redirected');
    expect(res.json<OpCallResponse>().success).toBe(false);
    expect(forbidden.requests).toEqual([]);
  });

  it("another user cannot call, read or delete ann's op by guessing its name", async () => {
    await p.call(ann, 'POST', opsRoutes.register, { ops: [op('anns_secret_op', `${redirectorOrigin}/x`)] });
    expect((await call(bob, 'anns_secret_op')).statusCode).toBe(404);
    expect(
      (await p.call(bob, 'POST', opsRoutes.getOp, { op_name: 'anns_secret_op', tag: 'probe' })).statusCode,
    ).toBe(404);
    const system = await p.call(bob, 'POST', opsRoutes.call, {
      op_name: 'anns_secret_op',
      system_op: true,
      parameters: {},
    });
    expect(system.statusCode).toBe(404);
    await p.call(bob, 'POST', opsRoutes.delete, { op: { name: 'anns_secret_op' } });
    expect((await p.call(ann, 'POST', opsRoutes.getOp, { op_name: 'anns_secret_op' })).statusCode).toBe(200);
  });

  it('unbounded inputs are refused: a huge op list, a huge name, a huge body', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => op(`op_${i}`, `${redirectorOrigin}/x`));
    expect((await p.call(ann, 'POST', opsRoutes.register, { ops: many })).statusCode).toBe(400);
    const long = await p.call(ann, 'POST', opsRoutes.register, {
      ops: [op('x'.repeat(100_000), `${redirectorOrigin}/x`)],
    });
    expect(long.statusCode).toBe(400);
    const huge = await p.call(ann, 'POST', opsRoutes.call, {
      op_name: 'redirected',
      parameters: { a: 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    const res = huge;
    expect(res.statusCode).toBeLessThan(500);
  });
});

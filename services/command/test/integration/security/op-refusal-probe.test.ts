import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages, opsRoutes, outboundMessages, type OpCallResponse } from '@app/contracts';
import type { Lookup } from '@app/platform';
import { startOpsApp, type OpsApp } from '../../support-ops/ops-app';

const ann = 'ann@example.com';

/** Names of an inside network: what they resolve to must never reach the caller. */
const inside: Record<string, string[]> = {
  'db.inside.test': ['10.20.30.40'],
  'metadata.inside.test': ['169.254.169.254'],
  'mixed.inside.test': ['127.0.0.1', '127.0.0.9'],
  'v6.inside.test': ['fd12:3456::7'],
};
const lookup: Lookup = async (hostname) => {
  const found = inside[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** 100,000 arrays inside one another: 200 KB, under an op answer's bound. */
const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

let p: OpsApp;
let deepServer: Server;
let deepOrigin = '';
beforeAll(async () => {
  p = await startOpsApp({ lookup });
  deepServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(deep);
  });
  await new Promise<void>((r) => deepServer.listen(0, '127.0.0.1', r));
  deepOrigin = `http://127.0.0.1:${(deepServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await p.close();
  await new Promise((r) => deepServer.close(r));
});

const register = (name: string, url: string) =>
  p.call(ann, 'POST', opsRoutes.register, {
    ops: [
      {
        name,
        url,
        method: 'GET',
        description: 'probe',
        tags: ['probe'],
        parameters: { properties: {}, required: [] },
      },
    ],
  });

/** A name the inside network does not have: its refusal must read as an inside name's does. */
const unknownHost = 'nothing.inside.test';

describe('probe: a refused op call names what was typed, never what it resolves to', () => {
  it.each([...Object.keys(inside), unknownHost])(
    '%s: refused, and the message holds no address nor its kind',
    async (host) => {
      const name = `op_${host.split('.')[0]}`;
      expect((await register(name, `http://${host}:8080/x`)).statusCode).toBe(200);
      const res = await p.call(ann, 'POST', opsRoutes.call, { op_name: name, parameters: {} });
      expect(res.statusCode).toBe(200);
      const answer = res.json<OpCallResponse & { message?: string }>();
      expect(answer.success).toBe(false);
      expect(answer.message).toBe(
        opsMessages.callFailed(name, `refused: ${outboundMessages.hostNotAllowed(host)}`),
      );
      for (const address of inside[host] ?? []) expect(res.body).not.toContain(address);
      expect(res.body).not.toMatch(/private|loopback|link-local|metadata address|unique local/i);
    },
  );
});

describe('probe: an op answering JSON nested 100,000 deep', () => {
  it('is answered as text, never a 500', async () => {
    expect((await register('deep_answer', `${deepOrigin}/deep`)).statusCode).toBe(200);
    const res = await p.call(ann, 'POST', opsRoutes.call, { op_name: 'deep_answer', parameters: {} });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json<OpCallResponse & { data?: unknown }>().data).toBe(deep);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages, opsRoutes, type OpCallResponse } from '@app/contracts';
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

let p: OpsApp;
beforeAll(async () => {
  p = await startOpsApp({ lookup });
});
afterAll(async () => {
  await p.close();
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

describe('probe: a refused op call names what was typed, never what it resolves to', () => {
  it.each(Object.keys(inside))('%s: refused, and the message holds no address nor its kind', async (host) => {
    const name = `op_${host.split('.')[0]}`;
    expect((await register(name, `http://${host}:8080/x`)).statusCode).toBe(200);
    const res = await p.call(ann, 'POST', opsRoutes.call, { op_name: name, parameters: {} });
    expect(res.statusCode).toBe(200);
    const answer = res.json<OpCallResponse & { message?: string }>();
    expect(answer.success).toBe(false);
    expect(answer.message).toBe(
      opsMessages.callFailed(
        name,
        `refused: ${host} is not at an allowed address, not listed in OUTBOUND_ALLOW`,
      ),
    );
    for (const address of inside[host] ?? []) expect(res.body).not.toContain(address);
    expect(res.body).not.toMatch(/private|loopback|link-local|metadata address|unique local/i);
  });
});

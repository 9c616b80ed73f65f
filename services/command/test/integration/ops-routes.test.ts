import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  opsMessages,
  opsRoutes,
  type OpCallResponse,
  type OpsListResponse,
  type SystemOpsResponse,
} from '@app/contracts';
import { opsAdmin, startOpsApp, type OpsApp } from '../support-ops/ops-app';
import { startOpServer, type OpServer } from '../support-ops/op-server';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: OpsApp;
let allowed: OpServer;
/** On loopback but not on the allow list of users' addresses (which names 127.0.0.1 only). */
let notAllowed: OpServer;
beforeAll(async () => {
  p = await startOpsApp();
  allowed = await startOpServer('127.0.0.1');
  notAllowed = await startOpServer('127.0.0.2');
});
afterAll(async () => {
  await p.close();
  await allowed.close();
  await notAllowed.close();
});

const weatherOp = (url: string, more: Record<string, unknown> = {}) => ({
  name: 'get_weather',
  url,
  method: 'POST',
  description: 'The weather of a city',
  tags: ['weather'],
  parameters: {
    properties: {
      city: { type: 'string', description: 'The city' },
      days: { type: 'integer', description: '' },
    },
    required: ['city'],
  },
  ...more,
});

describe('registering ops', () => {
  it('refuses ops missing a name, a path or tags with the spec message, appending nothing', async () => {
    for (const bad of [
      { ...weatherOp(`${allowed.origin}/weather`), tags: [] },
      { ...weatherOp(`${allowed.origin}/weather`), url: '' },
      { ...weatherOp(`${allowed.origin}/weather`), name: '' },
    ]) {
      const res = await p.call(opsAdmin, 'POST', opsRoutes.adminRegister, { ops: [bad] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: opsMessages.missingFields });
    }
    const bad = await p.call(ann, 'POST', opsRoutes.register, {
      ops: [weatherOp('ftp://example.com/x')],
    });
    expect(bad.json()).toEqual({ success: false, message: opsMessages.invalidUrl('get_weather') });
    expect(await p.opEvents()).toEqual([]);
  });

  it('system ops need an admin; users register their own', async () => {
    expect(
      (await p.call(ann, 'POST', opsRoutes.adminRegister, { ops: [weatherOp(`${allowed.origin}/weather`)] }))
        .statusCode,
    ).toBe(403);
    const sys = await p.call(opsAdmin, 'POST', opsRoutes.adminRegister, {
      ops: [
        weatherOp(`${allowed.origin}/weather`, {
          method: 'GET',
          name: 'sys_weather',
          tags: [' weather ', 'sys'],
        }),
      ],
    });
    expect(sys.statusCode, sys.body).toBe(200);
    expect(sys.json()).toMatchObject({ success: true, message: opsMessages.registered });
    const own = await p.call(ann, 'POST', opsRoutes.register, {
      ops: [weatherOp(`${allowed.origin}/weather`)],
    });
    expect(own.statusCode, own.body).toBe(200);

    const list = (await p.call(opsAdmin, 'GET', opsRoutes.adminList)).json<SystemOpsResponse>();
    // GET takes the fixed default parameters; tags trimmed.
    expect(list.data).toEqual([
      expect.objectContaining({
        name: 'sys_weather',
        id: 'sys_weather',
        tags: ['weather', 'sys'],
        type: 'custom',
        parameters: { properties: {}, required: [] },
      }),
    ]);
    const annSees = (await p.call(ann, 'POST', opsRoutes.get, {})).json<OpsListResponse>();
    expect(annSees.data.map((o) => [o.name, o.system_op])).toEqual([
      ['get_weather', false],
      ['sys_weather', true],
    ]);
    const bobSees = (await p.call(bob, 'POST', opsRoutes.get, { tag: 'weather' })).json<OpsListResponse>();
    expect(bobSees.data.map((o) => o.name)).toEqual(['sys_weather']);
    const one = await p.call(bob, 'POST', opsRoutes.getOp, { op_name: 'get_weather' });
    expect(one.statusCode).toBe(404);
  });

  it("deletes a user's own op; another user cannot delete it", async () => {
    await p.call(ann, 'POST', opsRoutes.register, {
      ops: [weatherOp(`${allowed.origin}/weather`, { name: 'temp_op' })],
    });
    const byBob = await p.call(bob, 'POST', opsRoutes.delete, { op: { name: 'temp_op' } });
    expect(byBob.json()).toEqual({ success: false, message: opsMessages.notFound('temp_op') });
    const byAnn = await p.call(ann, 'POST', opsRoutes.delete, {
      op: { id: 'temp_op', name: 'temp_op', tags: ['weather'], url: 'x' },
    });
    expect(byAnn.json()).toEqual({ success: true, message: opsMessages.deleted });
    expect((await p.call(ann, 'POST', opsRoutes.getOp, { op_name: 'temp_op' })).statusCode).toBe(404);
  });
});

describe('calling an op (POST /ops)', () => {
  it('an allowed address answers its JSON; the parameters go as the JSON body', async () => {
    allowed.requests.length = 0;
    const res = await p.call(ann, 'POST', opsRoutes.call, {
      op_name: 'get_weather',
      parameters: { city: 'Paris', days: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 200,
      data: { forecast: 'sunny', method: 'POST', sent: { city: 'Paris', days: 2 } },
    });
    expect(allowed.requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/weather', contentType: 'application/json' }),
    ]);
  });

  it('a GET op sends no body', async () => {
    allowed.requests.length = 0;
    const res = await p.call(bob, 'POST', opsRoutes.call, { op_name: 'sys_weather' });
    expect(res.json<OpCallResponse>().data).toEqual({ forecast: 'sunny', method: 'GET', sent: null });
    expect(allowed.requests).toEqual([expect.objectContaining({ method: 'GET', body: '' })]);
  });

  it('parameters that do not fit the schema are refused before any request', async () => {
    allowed.requests.length = 0;
    for (const parameters of [
      {},
      { city: 3 },
      { city: 'Paris', days: 1.5 },
      { city: 'Paris', extra: true },
    ]) {
      const res = await p.call(ann, 'POST', opsRoutes.call, { op_name: 'get_weather', parameters });
      expect(res.statusCode, JSON.stringify(parameters)).toBe(400);
    }
    expect(allowed.requests).toEqual([]);
  });

  it('an op on a loopback address not on the allow list is refused, and its server sees no request', async () => {
    await p.call(ann, 'POST', opsRoutes.register, {
      ops: [weatherOp(`${notAllowed.origin}/weather`, { name: 'sneaky' })],
    });
    const res = await p.call(ann, 'POST', opsRoutes.call, {
      op_name: 'sneaky',
      parameters: { city: 'Paris' },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<OpCallResponse>();
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/^The op 'sneaky' could not be called: refused/);
    expect(notAllowed.requests).toEqual([]);
  });

  it('text answers come back as text; an answer too large or a failure is not a success', async () => {
    await p.call(ann, 'POST', opsRoutes.register, {
      ops: ['text', 'big', 'fail'].map((n) =>
        weatherOp(`${allowed.origin}/${n}`, { name: `op_${n}`, method: 'DELETE' }),
      ),
    });
    const text = (await p.call(ann, 'POST', opsRoutes.call, { op_name: 'op_text' })).json<OpCallResponse>();
    expect(text).toEqual({ success: true, status: 200, data: 'plain words' });
    const big = (await p.call(ann, 'POST', opsRoutes.call, { op_name: 'op_big' })).json<OpCallResponse>();
    expect(big.success).toBe(false);
    const fail = (await p.call(ann, 'POST', opsRoutes.call, { op_name: 'op_fail' })).json<OpCallResponse>();
    expect(fail).toMatchObject({ success: false, status: 500, data: { error: 'down' } });
  });
});

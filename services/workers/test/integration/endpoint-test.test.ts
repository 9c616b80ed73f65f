import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  adminMessages,
  endpointTestPath,
  platformMessages,
  routes,
  secretRoutes,
  sessionCookieName,
  systemActor,
  type RecordedEvent,
  type TestEndpointResponse,
} from '@app/contracts';
import { startTestPlatform } from '../../../query/test/support/test-platform';
import { startCountingServer, type CountingServer } from '../../../platform/test/support/counting-server';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { startEndpointTestPlatform, type EndpointTestPlatform } from '../support/endpoint-test-platform';

const ann = 'ann@example.com';
const user = 'user@example.com';
const key = 'test-endpoint-key-0001';

let t: EndpointTestPlatform;
let server: OpenAiTestServer;
let trap: CountingServer;
let trap6: CountingServer | undefined;

beforeAll(async () => {
  server = await startOpenAiTestServer(key);
  trap = await startCountingServer('127.0.0.2');
  trap6 = await startCountingServer('::1').catch(() => undefined);
  t = await startEndpointTestPlatform({ admins: [ann], listen: true });
});
afterAll(async () => {
  await t.close();
  await Promise.all([server.close(), trap.close(), trap6?.close()]);
});

const test = async (body: unknown, as: string | null = ann) => {
  const res = await t.p.call(as, 'POST', secretRoutes.testEndpoint, { body });
  return {
    status: res.statusCode,
    body: res.json<TestEndpointResponse & { message: string }>(),
    raw: res.body,
  };
};
const streamOf = async (testId: string): Promise<RecordedEvent[]> =>
  (await t.p.events()).filter((e) => e.streamId === `endpointTest-${testId}`);

describe('endpoint tests run by the workers, against a local OpenAI-compatible server', () => {
  it('a chat model: a short chat request to the url as given; the answer reports success', async () => {
    const url = `${server.origin}/v1/chat/completions`;
    const { status, body } = await test({ url, key, model: 'gpt-4o' });
    expect(status).toBe(200);
    expect(body).toEqual({
      testId: body.testId,
      success: true,
      message: platformMessages.endpointTestPassed,
    });
    const call = server.calls.at(-1);
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.headers['api-key']).toBe(key);
    expect(call?.body).toMatchObject({ model: 'gpt-4o', max_tokens: 50 });
  });

  it('an embedding model on an OpenAI-compatible server: a plain embeddings request to its url', async () => {
    const { body } = await test({
      url: `${server.origin}/v1/embeddings`,
      key,
      model: 'text-embedding-ada-002',
    });
    expect(body.success).toBe(true);
    expect(server.calls.at(-1)?.path).toBe('/v1/embeddings');
    expect(server.calls.at(-1)?.body).toMatchObject({ model: 'text-embedding-ada-002' });
  });

  it("'code-interpreter': chat completions on deployment gpt-4o with api-version 2024-08-01-preview", async () => {
    const { body } = await test({ url: `${server.origin}/`, key, model: 'code-interpreter' });
    expect(body.success).toBe(true);
    expect(server.calls.at(-1)?.path).toBe(
      '/openai/deployments/gpt-4o/chat/completions?api-version=2024-08-01-preview',
    );
  });

  it('the log holds the request (key sealed) and the outcome recorded by the workers as the system', async () => {
    const { body } = await test({ url: `${server.origin}/v1/chat/completions`, key });
    const [requested, outcome] = await streamOf(body.testId);
    expect(requested?.type).toBe('EndpointTestRequested');
    expect(requested?.metadata.actor).toEqual({ email: ann, kind: 'admin' });
    expect(JSON.stringify(requested?.data)).not.toContain(key);
    expect(outcome).toMatchObject({
      type: 'EndpointTestSucceeded',
      data: { testId: body.testId, message: platformMessages.endpointTestPassed },
      metadata: { actor: systemActor, causationId: requested?.globalPosition },
    });
    await t.p.settle();
    const view = await t.p.call(ann, 'GET', endpointTestPath(body.testId));
    expect(view.json()).toMatchObject({
      success: true,
      data: { testId: body.testId, status: 'succeeded', requestedBy: ann },
    });
  });

  it('a wrong key fails with the spec message and the status; the remote body (which echoes the key) goes nowhere', async () => {
    const url = `${server.origin}/v1/chat/completions`;
    const { body, raw } = await test({ url, key: 'a-wrong-key-for-this-test' });
    expect(body).toEqual({
      testId: body.testId,
      success: false,
      message: adminMessages.endpointTestFailed(url),
      reason: 'HTTP 401 Unauthorized',
    });
    expect(body.message).toBe(
      `Failed to make contact with the new endpoint:\nUrl: ${url}\n\nPlease check the endpoint data and try saving changes again.`,
    );
    expect(raw).not.toContain('a-wrong-key');
    expect(raw).not.toContain('Incorrect API key');
    expect(JSON.stringify(await streamOf(body.testId))).not.toMatch(/a-wrong-key|Incorrect API key/);
  });

  it('a dead server fails with the spec message', async () => {
    const dead = await startOpenAiTestServer(key);
    await dead.close();
    const url = `${dead.origin}/v1/chat/completions`;
    const { body } = await test({ url, key });
    expect(body).toMatchObject({ success: false, message: adminMessages.endpointTestFailed(url) });
    expect(body.reason).toBe(`127.0.0.1:${dead.port}: connection refused`);
  });
});

describe('an endpoint test aimed at loopback outside OUTBOUND_ALLOW is refused without the request arriving', () => {
  const at = (host: string) => `http://${host}:${trap.port}/v1/chat/completions`;
  it.each([
    ['127.0.0.2', () => at('127.0.0.2')],
    ['[::1]', () => `http://[::1]:${trap6?.port ?? trap.port}/v1/chat/completions`],
    ['0x7f000002', () => at('0x7f000002')],
    ['2130706434', () => at('2130706434')],
    ['[::ffff:127.0.0.2]', () => at('[::ffff:127.0.0.2]')],
    ['a name resolving to 127.0.0.2', () => at('trap.test')],
    [
      'a name resolving to ::1 and 127.0.0.1',
      () => `http://localhost.test:${server.port}/v1/chat/completions`,
    ],
    [
      'a redirect from the allowed server to 127.0.0.2',
      () => `${server.origin}/redirect?to=${encodeURIComponent(at('127.0.0.2'))}`,
    ],
  ])('%s', async (_what, url) => {
    const before = server.calls.length;
    const { body } = await test({ url: url(), key });
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^Failed to make contact with the new endpoint:\nUrl: /);
    expect(body.reason).toMatch(
      /^refused: .* (?:is a loopback address|is not at an allowed address), not listed in OUTBOUND_ALLOW$/,
    );
    expect(trap.seen.length + (trap6?.seen.length ?? 0)).toBe(0);
    expect(server.calls.length - before).toBe(url().includes('/redirect?') ? 1 : 0);
  });
});

describe('the route', () => {
  it('is admin-only: 401 anonymous, 403 a user, nothing recorded, nothing called', async () => {
    const before = (await t.p.events()).length;
    const calls = server.calls.length;
    const body = { url: `${server.origin}/v1/chat/completions`, key };
    expect((await test(body, null)).status).toBe(401);
    expect((await test(body, user)).status).toBe(403);
    expect((await t.p.events()).length).toBe(before);
    expect(server.calls.length).toBe(calls);
  });

  it('refuses a body that is not {url, key?}, or a url that is not http(s)', async () => {
    const before = (await t.p.events()).length;
    expect((await test({ key })).status).toBe(400);
    expect((await test({ url: server.origin, key: 7 })).status).toBe(400);
    const badUrl = await test({ url: 'file:///etc/passwd', key });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ success: false, message: platformMessages.endpointTestInvalidUrl });
    expect((await t.p.events()).length).toBe(before);
  });

  it('pushes the outcome to dashboards subscribed to endpointTests', async () => {
    const session = await t.p.signIn(ann);
    const socket = new WebSocket(`${t.p.url.replace(/^http/, 'ws')}${routes.live}`, {
      headers: { cookie: `${sessionCookieName}=${session}` },
      origin: t.p.url,
    });
    try {
      const messages: { type: string; readModel?: string; ids?: string[] }[] = [];
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const subscribed = new Promise<void>((resolve) =>
        socket.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString()) as { type: string; readModel?: string; ids?: string[] };
          messages.push(m);
          if (m.type === 'subscribed') resolve();
        }),
      );
      socket.send(JSON.stringify({ type: 'subscribe', readModels: ['endpointTests'] }));
      await subscribed;
      const { body } = await test({ url: `${server.origin}/v1/chat/completions`, key });
      for (;;) {
        const pushes = messages.filter((m) => m.type === 'changed' && m.ids?.includes(body.testId));
        if (pushes.length >= 2) break; // requested, then succeeded
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      socket.terminate();
    }
  });
});

describe('the wait is bounded', () => {
  it('without workers running, the answer is a failure once the wait runs out', async () => {
    const p = await startTestPlatform({ admins: [ann], endpointTestWaitMs: 200 });
    try {
      const url = `${server.origin}/v1/chat/completions`;
      const res = await p.call(ann, 'POST', secretRoutes.testEndpoint, { body: { url, key } });
      expect(res.json()).toEqual({
        testId: expect.any(String) as string,
        success: false,
        message: adminMessages.endpointTestFailed(url),
        reason: platformMessages.endpointTestTimedOut,
      });
    } finally {
      await p.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayUrl, platformMessages, serverModelsRoute } from '@app/contracts';
import { startModelServer, type ModelServer } from '@app/platform/testing';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';

const admin = 'admin@example.com';
const user = 'user@example.com';
let p: TestPlatform;
let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({ models: ['llama-3', 'qwen-2'] });
  // The platform's model client here lists no address: loopback is refused.
  p = await startTestPlatform({ admins: [admin] });
});

afterAll(async () => {
  await p?.close();
  await server?.close();
});

const list = (email: string, body: unknown) => p.call(email, 'POST', serverModelsRoute, { body });

describe('POST /api/admin/serverModels', () => {
  it('is for admins only', async () => {
    expect((await list(user, { url: server.origin })).statusCode).toBe(403);
  });

  it('refuses a url the platform may not call (400, our words), calling nothing', async () => {
    const before = server.requests.length;
    const res = await list(admin, { url: 'ftp://127.0.0.1/models' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(platformMessages.serverModelsInvalidUrl);
    expect((await list(admin, { url: '' })).statusCode).toBe(400);
    expect(server.requests.length).toBe(before);
  });

  it('goes through the guarded model client: an address it does not allow is a 422 naming the url, nothing sent', async () => {
    const before = server.requests.length;
    const res = await list(admin, { url: `${server.origin}/v1`, key: 'sk-secret-key-1234' });
    expect(res.statusCode).toBe(422);
    const { message } = res.json<{ message: string }>();
    const shown = displayUrl(`${server.origin}/v1/models`);
    expect(message.startsWith(`The models of ${shown} could not be listed: `)).toBe(true);
    expect(message).toMatch(/not at an allowed address|refused/);
    expect(message).not.toContain('sk-secret-key-1234');
    expect(server.requests.length).toBe(before);
  });
});

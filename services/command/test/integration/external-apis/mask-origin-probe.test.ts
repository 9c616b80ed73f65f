import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  externalApiMessages,
  externalApiRoutes,
  type ExternalApiSaveResponse,
  type ExternalApisResponse,
} from '@app/contracts';
import { createOutboundClient, parseAllowList, type OutboundClient } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';

const admin = 'admin@example.com';

/** A local API on 127.0.0.1 recording the Authorization header of each request. */
const startApi = async (): Promise<{ server: Server; origin: string; seen: (string | undefined)[] }> => {
  const seen: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
};

let p: TestPlatform;
let userUrls: OutboundClient;
let home: Awaited<ReturnType<typeof startApi>>;
/** Another origin the guarded client may reach (same host, another port): stands for an attacker's API. */
let elsewhere: Awaited<ReturnType<typeof startApi>>;

beforeAll(async () => {
  home = await startApi();
  elsewhere = await startApi();
  userUrls = createOutboundClient({ allow: parseAllowList(['127.0.0.1']), timeoutMs: 5_000 });
  p = await startTestPlatform({ admins: [admin], userUrls });
});
afterAll(async () => {
  await p.close();
  await userUrls.close();
  for (const s of [home, elsewhere]) await new Promise((r) => s.server.close(r));
});

const definition = (url: string) => ({
  name: 'Weather',
  requestType: 'GET',
  url,
  headers: {},
  auth: { type: 'bearer', token: 'bearer-secret-abcdefghijkl' },
  description: 'The weather',
});

describe('probe: a saved credential cannot be sent to another origin through its mask', () => {
  it('given a saved token, when the Test or a Save points the mask at another origin, then 400 and that origin sees nothing', async () => {
    const saved = await p.call(admin, 'POST', externalApiRoutes.save, {
      body: definition(`${home.origin}/weather`),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { position } = saved.json<ExternalApiSaveResponse>();
    const list = await p.call(admin, 'GET', `${externalApiRoutes.list}?waitFor=${position}`);
    const view = list.json<ExternalApisResponse>().data[0];
    if (!view) throw new Error('no definition');

    const test = await p.call(admin, 'POST', externalApiRoutes.test, {
      body: { ...view, url: `${elsewhere.origin}/steal` },
    });
    expect(test.statusCode, test.body).toBe(400);
    expect(test.json()).toMatchObject({ message: externalApiMessages.maskedCredentialOtherOrigin });

    const moved = await p.call(admin, 'POST', externalApiRoutes.save, {
      body: { ...view, url: `${elsewhere.origin}/steal` },
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json()).toMatchObject({ message: externalApiMessages.maskedCredentialOtherOrigin });
    expect(elsewhere.seen).toEqual([]);

    // The same origin (another path) still uses the saved token behind the mask.
    const same = await p.call(admin, 'POST', externalApiRoutes.test, {
      body: { ...view, url: `${home.origin}/other` },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(home.seen).toEqual(['Bearer bearer-secret-abcdefghijkl']);
  });
});

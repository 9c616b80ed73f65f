import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '@app/command';
import { apiKeyAllows, apiKeyMessages, type ApiKeyAccessType } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';

const admin = 'admin@example.com';
let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
});
afterAll(async () => {
  await p.close();
});

const keyWith = async (accessTypes: ApiKeyAccessType[]) =>
  (
    await issueApiKey(
      p.database.db,
      {
        owner: admin,
        applicationName: `Matrix ${accessTypes.join(' ')}`,
        account: { id: 'general_account', name: 'No COA On File' },
        rateLimit: { period: 'Unlimited', rate: null },
        accessTypes,
      },
      { email: admin, kind: 'admin' },
    )
  ).secret;

const httpRoutes = () =>
  p.app
    .registeredRoutes()
    .filter((r) => !r.websocket)
    .map((r) => ({ ...r, path: r.url.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x') }));

const callWith = (secret: string, method: string, url: string) =>
  p.call(null, method as 'GET' | 'POST', url, {
    headers: { authorization: `Bearer ${secret}` },
    ...(method === 'GET' ? {} : { body: {} }),
  });

/** Our refusals say `{message}`; the OpenAI-compatible routes (`/v1`) say it in OpenAI's shape `{error: {message}}`. */
type RefusalBody = { message?: string; error?: { message?: string } };
const refusalMessage = (body: RefusalBody): string | undefined => body.message ?? body.error?.message;

describe('API keys across every route the platform registers', () => {
  it('a route that declares no access type refuses a key, even an admin’s full-access key (403, our words)', async () => {
    const secret = await keyWith(['full_access']);
    const undeclared = httpRoutes().filter((r) => r.apiKeyAccess === undefined);
    expect(undeclared.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const r of undeclared) {
      const res = await callWith(secret, r.method, r.path);
      const message = res.statusCode === 403 ? res.json<{ message?: string }>().message : undefined;
      if (message !== apiKeyMessages.routeRefusesKeys) wrong.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a route that declares one lets a key holding it (or full access) through, and refuses any other key', async () => {
    const declared = httpRoutes().filter((r) => r.apiKeyAccess !== undefined);
    expect(declared.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/chat');
    const full = await keyWith(['full_access']);
    const share = await keyWith(['share']);
    const wrong: string[] = [];
    for (const r of declared) {
      const type = r.apiKeyAccess as ApiKeyAccessType;
      const through = await callWith(full, r.method, r.path);
      if (through.statusCode === 401 || through.statusCode === 403 || through.statusCode >= 500)
        wrong.push(`full_access ${r.method} ${r.url}: ${through.statusCode}`);
      if (apiKeyAllows(['share'], type)) continue;
      const refused = await callWith(share, r.method, r.path);
      if (
        refused.statusCode !== 403 ||
        refusalMessage(refused.json<RefusalBody>()) !== apiKeyMessages.outsideAccessTypes(type)
      )
        wrong.push(`share ${r.method} ${r.url}: ${refused.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

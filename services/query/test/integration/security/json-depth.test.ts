import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';

const admin = 'admin@example.com';
let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
});
afterAll(async () => {
  await p.close();
});

/** `{"a":[[[…]]]}` with `depth` arrays: a few kilobytes, far under the body limit. */
const nested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** Every route that takes a body, with its parameters filled in (the blob store's PUT reads raw bytes). */
const bodyRoutes = () =>
  p.app
    .registeredRoutes()
    .filter((r) => !r.websocket && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
    .filter((r) => !r.url.startsWith('/blobs/'))
    .map((r) => ({ method: r.method, path: r.url.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x') }));

describe('probe: JSON nested 5,000 deep', () => {
  it('every route family is in the loop: admin sections, conversations, chat, API keys, files, ops, assistants, query reads', () => {
    const paths = bodyRoutes().map((r) => r.path);
    for (const path of [
      '/amplifymin/configs/update',
      '/api/conversations/rename',
      '/api/chat',
      '/apiKeys/keys/create',
      '/api/files/upload',
      '/files/query',
      '/ops/register',
      '/assistant/create',
      '/api/settings/save',
    ])
      expect(paths, path).toContain(path);
  });

  it('is a 400 naming the bound on every route that takes a body, as an admin, and nothing is appended', async () => {
    await p.settle();
    const before = (await p.events()).length;
    const body = nested(5_000);
    const cookie = `${p.app.sessions.cookieName}=${await p.signIn(admin)}`;
    const answers: string[] = [];
    for (const route of bodyRoutes()) {
      const res = await p.app.inject({
        method: route.method as 'POST',
        url: route.path,
        headers: {
          origin: 'http://localhost',
          'content-type': 'application/json',
          cookie,
        },
        payload: body,
      });
      answers.push(`${route.method} ${route.path} ${res.statusCode}`);
      expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(400);
      const refusal = res.json<{ message?: string; error?: string | { message?: string } }>();
      // The chat routes answer `{error}` (the OpenAI-compatible ones `{error: {message}}`), the others `{success, message}`.
      const said =
        refusal.message ?? (typeof refusal.error === 'object' ? refusal.error.message : refusal.error);
      expect(said, route.path).toBe(identityMessages.jsonTooDeep(64));
    }
    expect(answers.length).toBeGreaterThan(20);
    expect((await p.events()).length).toBe(before);
  });

  it('a body exactly at the bound, and brackets inside strings, still reach the route', async () => {
    const atBound = await p.call(admin, 'POST', '/files/query', {
      body: `{"search":"${'['.repeat(200)}","tags":${'['.repeat(0)}[]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(atBound.statusCode, atBound.body).toBe(200);
    const deepButAllowed = await p.call(admin, 'POST', '/files/query', {
      body: `{"search":"x","extra":${'['.repeat(63)}${']'.repeat(63)}}`,
      headers: { 'content-type': 'application/json' },
    });
    // Reaches the contract (which knows no "extra"), not the depth bound.
    expect(deepButAllowed.json<{ message: string }>().message).not.toBe(identityMessages.jsonTooDeep(64));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * The OpenAPI document (`/api/docs/json`) describes every route the platform registers, read from
 * the app itself: a route added later without a schema still shows up here, and one that is missing
 * fails this test.
 */
const admin = 'admin@example.com';
const user = 'user@example.com';
let p: TestPlatform & { url: string };

/** The reference page itself: it describes the API, it is not part of it. */
const hidden = (url: string) => url === routes.apiDocs || url.startsWith(`${routes.apiDocs}/`);

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
});
afterAll(async () => {
  await p.close();
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

const documented = async (): Promise<OpenApiDocument> => {
  const res = await p.call(admin, 'GET', `${routes.apiDocs}/json`);
  expect(res.statusCode).toBe(200);
  return res.json<OpenApiDocument>();
};

describe('the OpenAPI document', () => {
  it('lists every route the platform registers (method and path)', async () => {
    const doc = await documented();
    expect(doc.openapi).toMatch(/^3\./);
    const listed = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const registered = p.app
      .registeredRoutes()
      .filter((r) => !hidden(r.url))
      // A wildcard (`/api/files/metadata/*`) is listed as `{*}`, as @fastify/swagger writes it.
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`);
    expect(registered).toContain(`POST ${routes.configsUpdate}`);
    expect(registered).toContain(`GET ${routes.metrics}`);
    expect(registered.filter((r) => !listed.has(r))).toEqual([]);
  });

  it('describes a route with its contracts: body, query, params and answers', async () => {
    const { paths } = await documented();
    const update = paths[routes.configsUpdate]?.post as Record<string, unknown> | undefined;
    expect(update).toHaveProperty('requestBody');
    expect(Object.keys((update?.responses as object | undefined) ?? {})).toContain('200');
    const events = paths[routes.events]?.get as { parameters?: { name: string; in: string }[] } | undefined;
    expect(events?.parameters?.map((x) => `${x.in} ${x.name}`)).toEqual(
      expect.arrayContaining(['query stream', 'query after', 'query limit']),
    );
    const test = paths['/api/admin/endpointTests/{testId}']?.get as
      { parameters?: { name: string; in: string }[] } | undefined;
    expect(test?.parameters?.map((x) => `${x.in} ${x.name}`)).toEqual(['path testId']);
  });

  it('is for admins only, like the routes it describes', async () => {
    expect((await p.call(null, 'GET', `${routes.apiDocs}/json`)).statusCode).toBe(401);
    expect((await p.call(user, 'GET', `${routes.apiDocs}/json`)).statusCode).toBe(403);
    expect((await p.call(null, 'GET', routes.apiDocs)).statusCode).toBe(401);
    expect((await p.call(null, 'GET', `${routes.apiDocs}/static/swagger-ui.css`)).statusCode).toBe(401);
  });
});

describe('the reference page (/api/docs)', () => {
  it('answers HTML that loads only files of its own, under the app CSP', async () => {
    const res = await p.call(admin, 'GET', routes.apiDocs);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const scripts = [...res.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script: every <script> has a src and no body, so script-src 'self' is enough.
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(body?.trim()).toBe('');
    }
    for (const [, src] of res.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const asset = await p.call(
        admin,
        'GET',
        new URL(src ?? '', `http://localhost${routes.apiDocs}`).pathname,
      );
      expect(asset.statusCode, src).toBe(200);
    }
  });
});

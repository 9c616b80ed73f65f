import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantMessages,
  assistantRoutes,
  routes,
  sessionCookieName,
  websiteRoutes,
  type AddWebsiteResponse,
} from '@app/contracts';
import {
  createBlobStore,
  createLogger,
  createOutboundClient,
  createSecretBox,
  createServiceApp,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  type OutboundClient,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { assistantsPlugin } from '../../src/assistants/index';
import { websiteRoutesPlugin } from '../../src/websites/index';
import { startSitemapServer, type SitemapServer } from '../support-websites/sitemap-server';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let site: SitemapServer;
let database: TestDatabase;
let app: FastifyInstance;
let outbound: OutboundClient;
let blobDir = '';

/** The assistants' and websites' routes on an app of their own; the websites' client reaches 127.0.0.1 only. */
beforeAll(async () => {
  site = await startSitemapServer();
  database = await createTestDatabase();
  blobDir = await mkdtemp(join(tmpdir(), 'assistants-rescan-'));
  const blobs = await createBlobStore({
    DATA_DIR: blobDir,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: false,
  });
  outbound = createOutboundClient({ allow: parseAllowList(['127.0.0.1']), timeoutMs: 5_000 });
  app = await createServiceApp({
    db: database.db,
    logger: createLogger('silent', 'test'),
    sessionSecret: randomBytes(32).toString('base64url'),
    devLogin: true,
    rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
  });
  await app.register(websiteRoutesPlugin({ db: database.db, outbound }));
  await app.register(
    assistantsPlugin({
      db: database.db,
      secrets: createSecretBox(parseMasterKey(newMasterKey())),
      awaitProjected: () => Promise.resolve(false),
      pathTerms: () => Promise.resolve(false),
      websites: { outbound, blobs },
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await outbound.close();
  await database.drop();
  await rm(blobDir, { recursive: true, force: true });
  await site.close();
});

const post = async (email: string, url: string, payload: unknown) => {
  const login = await app.inject({ method: 'POST', url: routes.devLogin, payload: { email } });
  const cookie = login.cookies.find((c) => c.name === sessionCookieName)?.value ?? '';
  return app.inject({
    method: 'POST',
    url,
    cookies: { [sessionCookieName]: cookie },
    headers: { origin: 'http://localhost' },
    payload: payload as object,
  });
};

describe('POST /assistant/rescan_websites', () => {
  it("fetches the owner's website data sources again through the websites' client; others are refused", async () => {
    const added = await post(ann, websiteRoutes.add, { url: `${site.origin}/page` });
    expect(added.statusCode, added.body).toBe(200);
    const key = added.json<AddWebsiteResponse>().data.files[0]?.key ?? '';
    const created = await post(ann, assistantRoutes.create, {
      name: 'Site helper',
      dataSources: [{ id: key, type: 'website/url' }],
    });
    const assistantId = created.json<{ data: { assistantId: string } }>().data.assistantId;

    const fetchesBefore = site.requests.filter((r) => r === '/page').length;
    const res = await post(ann, assistantRoutes.rescanWebsites, { assistantId, forceRescan: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: assistantMessages.rescanned(1),
      data: { rescanned: [key] },
    });
    expect(site.requests.filter((r) => r === '/page').length).toBe(fetchesBefore + 1);

    const again = await post(ann, assistantRoutes.rescanWebsites, { assistantId, forceRescan: false });
    expect(again.json<{ data: { rescanned: string[] } }>().data.rescanned).toEqual([]);

    const bobs = await post(bob, assistantRoutes.rescanWebsites, { assistantId, forceRescan: true });
    expect([bobs.statusCode, bobs.json<{ message: string }>().message]).toEqual([
      403,
      assistantMessages.notOwner,
    ]);
    expect(site.requests.filter((r) => r === '/page').length).toBe(fetchesBefore + 2);
  });

  it("leaves another user's website file alone, even when the assistant names it", async () => {
    const added = await post(bob, websiteRoutes.add, { url: `${site.origin}/a1` });
    const bobsKey = added.json<AddWebsiteResponse>().data.files[0]?.key ?? '';
    const created = await post(ann, assistantRoutes.create, { name: 'Sneaky', fileKeys: [bobsKey] });
    const assistantId = created.json<{ data: { assistantId: string } }>().data.assistantId;
    const before = site.requests.length;
    const res = await post(ann, assistantRoutes.rescanWebsites, { assistantId, forceRescan: true });
    expect(res.json<{ data: { rescanned: string[] } }>().data.rescanned).toEqual([]);
    expect(site.requests.length).toBe(before);
  });
});

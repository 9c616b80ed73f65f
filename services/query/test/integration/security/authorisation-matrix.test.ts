import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountRoutes,
  chatImageRoutes,
  chatRateRoute,
  chatRoute,
  chatStreamRoute,
  embeddingRoutes,
  featureDataRoutes,
  websiteRoutes,
  blobRoutes,
  fileRoutes,
  spendRoute,
  availableModelsRoute,
  amplifyGroupsListRoute,
  conversationExportRoutes,
  conversationRoutes,
  conversationFilingRoutes,
  shareRoutes,
  routes,
  userSettingsRoutes,
  userAppConfigsRoute,
  opsRoutes,
  integrationRoutes,
  integrationProviders,
  categoryIntegrationsPath,
  assistantRoutes,
  assistantGroupRoutes,
  apiKeyRoutes,
  openaiRoutes,
  mcpChatRoutes,
  usageRoutes,
  deleteAllConversationsRoute,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';
import { refusedUpgrade } from './live-socket';

/**
 * Who may call what, for every route the platform registers — read from the app itself, so a route
 * added later without a check fails here: anything not listed as public or for users must refuse
 * anonymous callers (401) and signed-in non-admins (403), and let admins through.
 */
const publicRoutes = new Set([
  `GET ${routes.health}`,
  `GET ${routes.authProviders}`,
  `POST ${routes.devLogin}`,
  `POST ${routes.logout}`,
  `GET ${routes.oidcLogin}`,
  `GET ${routes.oidcCallback}`,
  `GET ${integrationRoutes.closeScript}`,
]);
/** The blob store's signed URLs: the signed, expiring token in the path is the whole authorisation (403 without). */
const tokenRoutes = new Set([
  `PUT ${blobRoutes.uploadPattern.replace(':token', '*')}`,
  `GET ${blobRoutes.downloadPattern.replace(':token', '*')}`,
]);
for (const r of tokenRoutes) publicRoutes.add(r);
const userRoutes = new Set([
  `GET ${routes.me}`,
  `GET ${routes.featureFlags}`,
  `GET ${availableModelsRoute}`,
  `GET ${userAppConfigsRoute}`,
  `GET ${amplifyGroupsListRoute}`,
  `GET ${conversationRoutes.list}`,
  `GET ${conversationRoutes.messagesPattern}`,
  `GET ${conversationRoutes.ratingsPattern}`,
  `GET ${conversationRoutes.search}`,
  `POST ${conversationRoutes.rename}`,
  `POST ${conversationRoutes.delete}`,
  `POST ${conversationRoutes.chooseVersion}`,
  `POST ${conversationRoutes.settings}`,
  `GET ${conversationExportRoutes.onePattern}`,
  `GET ${conversationExportRoutes.all}`,
  `POST ${conversationExportRoutes.import}`,
  `POST ${chatRateRoute}`,
  `POST ${shareRoutes.createPattern}`,
  `GET ${shareRoutes.list}`,
  `GET ${shareRoutes.onePattern}`,
  `DELETE ${shareRoutes.onePattern}`,
  `GET ${userSettingsRoutes.get}`,
  `POST ${userSettingsRoutes.save}`,
  `GET ${conversationFilingRoutes.get}`,
  ...Object.entries(conversationFilingRoutes)
    .filter(([name]) => name !== 'get')
    .map(([, path]) => `POST ${path}`),
  `POST ${accountRoutes.save}`,
  `GET ${accountRoutes.get}`,
  `GET ${spendRoute}`,
  `POST ${chatRoute}`,
  `GET ${chatStreamRoute}/:requestId`,
  `POST ${embeddingRoutes.status}`,
  `POST ${fileRoutes.upload}`,
  `GET ${fileRoutes.metadataPattern}`,
  `GET ${chatImageRoutes.contentPattern}`,
  `POST ${fileRoutes.download}`,
  `GET ${fileRoutes.tagsList}`,
  `POST ${fileRoutes.setTags}`,
  `POST ${fileRoutes.query}`,
  `POST ${fileRoutes.delete}`,
  `POST ${fileRoutes.reprocess}`,
  `GET ${featureDataRoutes.pptxTemplates}`,
  `GET ${featureDataRoutes.disclosureCheck}`,
  `GET ${featureDataRoutes.disclosureLatest}`,
  `POST ${featureDataRoutes.disclosureSave}`,
  `GET ${featureDataRoutes.apiDocsGet}`,
  `POST ${websiteRoutes.extractSitemapUrls}`,
  `POST ${websiteRoutes.add}`,
  ...Object.values(assistantRoutes)
    .filter((r) => r !== assistantRoutes.list)
    .map((r) => `POST ${r}`),
  `GET ${assistantRoutes.list}`,
  ...[opsRoutes.get, opsRoutes.call, opsRoutes.register, opsRoutes.delete, opsRoutes.getOp].map(
    (r) => `POST ${r}`,
  ),
  ...[integrationRoutes.startAuth, integrationRoutes.userDelete, integrationRoutes.userFiles].map(
    (r) => `POST ${r}`,
  ),
  `POST ${integrationRoutes.userFilesDownload}`,
  ...[integrationRoutes.userList, integrationRoutes.listSupported, integrationRoutes.callback].map(
    (r) => `GET ${r}`,
  ),
  ...integrationProviders.map((c) => `GET ${categoryIntegrationsPath(c)}`),
  `GET ${assistantGroupRoutes.list}`,
  ...[apiKeyRoutes.create, apiKeyRoutes.rotate, apiKeyRoutes.deactivate, apiKeyRoutes.update].map(
    (r) => `POST ${r}`,
  ),
  ...[apiKeyRoutes.get, apiKeyRoutes.systemIds].map((r) => `GET ${r}`),
  `GET ${openaiRoutes.models}`,
  `POST ${openaiRoutes.chatCompletions}`,
  `POST ${openaiRoutes.embeddings}`,
  `GET ${mcpChatRoutes.tools}`,
  `POST ${mcpChatRoutes.approval}`,
  `GET ${usageRoutes.own}`,
  `POST ${deleteAllConversationsRoute}`,
]);

const admin = 'admin@example.com';
const user = 'user@example.com';
let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin], listen: true });
});
afterAll(async () => {
  await p.close();
});

const httpRoutes = () =>
  p.app
    .registeredRoutes()
    .filter((r) => !r.websocket)
    .map((r) => ({
      key: `${r.method} ${r.url}`,
      method: r.method as 'GET' | 'POST',
      url: r.url.replace(/:(\w+)/g, 'x'),
    }));

describe('the authorisation matrix', () => {
  it('covers the routes the platform registers', () => {
    const keys = httpRoutes().map((r) => r.key);
    expect(keys).toContain(`POST ${routes.configsUpdate}`);
    expect(keys).toContain(`GET ${routes.events}`);
    expect(keys).toContain(`POST ${chatRoute}`);
    expect(keys.length).toBeGreaterThan(10);
  });

  it('anonymous callers get 401 from every route that is not public', async () => {
    const wrong: string[] = [];
    for (const r of httpRoutes().filter((r) => !publicRoutes.has(r.key))) {
      const res = await p.call(null, r.method, r.url, r.method === 'GET' ? {} : { body: {} });
      if (res.statusCode !== 401) wrong.push(`${r.key}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('signed-in users get 403 from every admin route, and in on theirs', async () => {
    const wrong: string[] = [];
    for (const r of httpRoutes().filter((r) => !publicRoutes.has(r.key))) {
      const res = await p.call(user, r.method, r.url, r.method === 'GET' ? {} : { body: {} });
      // A user route lets them in: a 400 for an empty body, a 404 for the id 'x' is the route speaking.
      const expected = userRoutes.has(r.key)
        ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
        : res.statusCode === 403;
      if (!expected) wrong.push(`${r.key}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('admins get past the guard of every route (a 400 for an empty body is the route speaking)', async () => {
    const wrong: string[] = [];
    // Signing out would end the session the loop runs on; logout has its own tests.
    for (const r of httpRoutes().filter(
      (r) => r.key !== `POST ${routes.logout}` && !tokenRoutes.has(r.key),
    )) {
      const res = await p.call(admin, r.method, r.url, r.method === 'GET' ? {} : { body: {} });
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        wrong.push(`${r.key}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('/live: anonymous 401 before the upgrade; a signed-in user gets in (user read models)', async () => {
    expect(
      p.app
        .registeredRoutes()
        .filter((r) => r.websocket)
        .map((r) => r.url),
    ).toEqual([routes.live]);
    expect(await refusedUpgrade(p, null)).toBe(401);
    expect(await refusedUpgrade(p, await p.signIn(user))).toBe(0);
  });
});

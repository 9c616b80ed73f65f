import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startPlatform, type PlatformOptions } from '@app/standalone';
import { createTestDatabase } from '@app/platform/testing';

/** The built web app; E2E_WEB_DIST points elsewhere (a private build while others rebuild web/dist). */
const webDist =
  process.env['E2E_WEB_DIST'] ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export interface TestPlatform {
  url: string;
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  /** OUTBOUND_ALLOW: the private hosts outbound calls (endpoint tests) may reach. */
  outboundAllow?: readonly string[];
  /** WEBSITE_FETCH_ALLOW: the private hosts users' websites may reach (a test's local site). */
  websiteAllow?: readonly string[];
  /** MCP_ALLOW: where MCP servers may be registered (a test's local MCP server). */
  mcpAllow?: readonly string[];
  /** A local OAuth provider for integrations (its endpoints and its certificate). */
  integrationProviders?: PlatformOptions['integrationProviders'];
}

/** The whole platform on a free port with a fresh database, serving the built web app. */
export async function startTestPlatform(
  adminEmails: string[],
  options: TestPlatformOptions = {},
): Promise<TestPlatform> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npx vite build web\` first`);
  }
  const database = await createTestDatabase();
  try {
    const platform = await startPlatform({
      databaseUrl: database.url,
      port: 0,
      host: '127.0.0.1',
      adminEmails,
      webDist,
      logLevel: 'silent',
      // As `npm start` runs it: the projections on a thread of their own.
      projectionThread: true,
      ...(options.outboundAllow ? { outboundAllow: options.outboundAllow } : {}),
      ...(options.websiteAllow ? { websiteAllow: options.websiteAllow } : {}),
      ...(options.mcpAllow ? { mcpAllow: options.mcpAllow } : {}),
      ...(options.integrationProviders ? { integrationProviders: options.integrationProviders } : {}),
    });
    return {
      url: platform.url,
      close: async () => {
        await platform.close();
        await database.drop();
      },
    };
  } catch (e) {
    await database.drop();
    throw e;
  }
}

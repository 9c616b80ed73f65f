import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { platformMessages, routes } from '@app/contracts';
import { startPlatform, type RunningPlatform } from '@app/standalone';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import {
  providerPage,
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../services/platform/test/support/oidc-provider';
import { launchBrowser, openAdmin, signIn } from './support/browser';

/** The built web app; E2E_WEB_DIST points elsewhere (a private build while others rebuild web/dist). */
const webDist =
  process.env['E2E_WEB_DIST'] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const admin = 'admin@example.com';
const clientId = 'platform';
const clientSecret = 'e2e-client-secret';
const providerName = 'Test IdP';

interface Running {
  platform: RunningPlatform;
  database: TestDatabase;
}

const startWith = async (
  options: Pick<Parameters<typeof startPlatform>[0], 'oidc' | 'devLogin'>,
): Promise<Running> => {
  const database = await createTestDatabase();
  try {
    const platform = await startPlatform({
      databaseUrl: database.url,
      port: 0,
      host: '127.0.0.1',
      adminEmails: [admin],
      webDist,
      logLevel: 'silent',
      ...options,
    });
    return { platform, database };
  } catch (e) {
    await database.drop();
    throw e;
  }
};

const stop = async (running: Running | undefined) => {
  await running?.platform.close();
  await running?.database.drop();
};

let provider: TestOidcProvider;
let oidc: Running;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npx vite build web\` first`);
  }
  provider = await startTestOidcProvider({ clientId, clientSecret });
  oidc = await startWith({ oidc: { issuer: provider.issuer, clientId, clientSecret, providerName } });
  provider.setRedirectUri(`${oidc.platform.url}${routes.oidcCallback}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stop(oidc);
  await provider?.close();
});

/** A fresh browser (own cookies) on the platform's sign-in page; errors the page logs are collected. */
const openSignInPage = async (
  baseURL: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  await page.goto('/');
  return { page, errors, close: () => context.close() };
};

const eventsOfType = async (running: Running, type: string): Promise<Record<string, unknown>[]> => {
  const rows = await running.database.db
    .selectFrom('events')
    .select('data')
    .where('event_type', '=', type)
    .orderBy('global_position')
    .execute();
  return rows.map((r) => r.data as Record<string, unknown>);
};

describe('OpenID Connect sign-in in Chromium', () => {
  it('signs in at the provider as an admin, lands back signed in, and opens the Admin Interface', async () => {
    const { page, errors, close } = await openSignInPage(oidc.platform.url);
    const button = page.getByRole('link', { name: `Sign in with ${providerName}` });
    await button.waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);

    await button.click();
    await page.getByRole('heading', { name: providerPage.title }).waitFor();
    expect(new URL(page.url()).origin).toBe(provider.issuer);
    await page.getByLabel(providerPage.loginLabel).fill(admin);
    await page.getByRole('button', { name: providerPage.continueButton }).click();

    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText(admin).first().waitFor();
    const dialog = await openAdmin(page);
    await dialog.getByRole('list', { name: 'Admins' }).getByText(admin, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/oidc-signed-in-admin.png' });

    const signedIn = await eventsOfType(oidc, 'SignedIn');
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({ email: admin, method: 'oidc' });
    // The provider's own id of the account, beside the email it named.
    expect(String((signedIn[0] as { subject?: string }).subject)).toMatch(/^http:\/\/127\.0\.0\.1:\d+.*#.+/);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows why a sign-in the user cancels at the provider was refused, and offers it again', async () => {
    const { page, errors, close } = await openSignInPage(oidc.platform.url);
    await page.getByRole('link', { name: `Sign in with ${providerName}` }).click();
    await page.getByRole('button', { name: providerPage.cancelButton }).click();

    await page.getByRole('alert').filter({ hasText: platformMessages.signInErrors.cancelled }).waitFor();
    await page.getByRole('link', { name: `Sign in with ${providerName}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    // Shown once: the address no longer carries the error, so a reload does not repeat it.
    expect(new URL(page.url()).search).toBe('');
    await page.screenshot({ path: '/tmp/oidc-sign-in-cancelled.png' });

    const refused = await eventsOfType(oidc, 'SignInRefused');
    expect(refused.at(-1)).toMatchObject({ method: 'oidc', reason: 'the provider answered access_denied' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the development sign-in', () => {
  it('is the only form offered where the server allows it, and still signs in', async () => {
    const dev = await startWith({ devLogin: true });
    try {
      const { page, close } = await openSignInPage(dev.platform.url);
      await page.getByLabel('Email').waitFor();
      expect(await page.getByRole('link', { name: /^Sign in with/ }).count()).toBe(0);
      await page.screenshot({ path: '/tmp/dev-sign-in.png' });
      await close();
      const { page: signedIn, errors, context } = await signIn(browser, dev.platform.url, admin);
      await openAdmin(signedIn);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await stop(dev);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { integrationMessages, integrationRoutes } from '@app/contracts';
import {
  startLocalOAuthProvider,
  type LocalOAuthProvider,
} from '../../services/command/test/support-integrations/local-oauth-provider';
import { launchBrowser, openAdmin, seeToast, signIn, type SignedIn } from './support/browser';
import { chooseFromAccountMenu } from './support/account-menu';
import { startTestPlatform, type TestPlatform } from './support/platform';

/**
 * Integrations in the browser, against a local OAuth provider (https on 127.0.0.1, self-signed; the
 * platform's client trusts that certificate only): an admin registers Google's secrets and supports
 * Google Drive; a user connects it in the Integrations dialog (the provider's window completes and
 * closes, the card says Connected), then disconnects it.
 */
const admin = 'admin@example.com';
const user = 'integrations-user@example.com';

let provider: LocalOAuthProvider;
let platform: TestPlatform;
let browser: Browser;
let adminSession: SignedIn;
let userContext: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  provider = await startLocalOAuthProvider();
  platform = await startTestPlatform([admin], {
    websiteAllow: ['127.0.0.1'],
    integrationProviders: { endpoints: { google: provider.endpoints }, ca: provider.ca },
  });
  browser = await launchBrowser();
  adminSession = await signIn(browser, platform.url, admin);
  // The user's browser accepts the provider's self-signed certificate.
  userContext = await browser.newContext({
    baseURL: platform.url,
    viewport: { width: 1440, height: 900 },
    ignoreHTTPSErrors: true,
  });
  page = await userContext.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByLabel('Email').fill(user);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}, 180_000);

afterAll(async () => {
  await adminSession?.context.close();
  await userContext?.close();
  await browser?.close();
  await platform?.close();
  await provider?.close();
});

describe('integrations', () => {
  it('an admin registers the Google secrets and supports Google Drive', async () => {
    const dialog = await openAdmin(adminSession.page);
    await dialog.getByRole('tab', { name: 'Integrations' }).click();
    const google = dialog.getByRole('region', { name: 'Google' });
    await dialog.getByRole('region', { name: 'Office 365' }).waitFor();
    await google.getByLabel('Client ID').waitFor();
    // No secrets yet: no Register button until an edit, no Support toggle.
    expect(await google.getByRole('button', { name: 'Register Integration' }).count()).toBe(0);
    expect(await google.getByRole('button', { name: 'Support Google Drive' }).count()).toBe(0);

    await google.getByLabel('Client ID').fill('client-google');
    await google
      .getByRole('textbox', { name: 'Client Secret of Google' })
      .fill('client-secret-value-0000-CSEC');
    await google.getByRole('button', { name: 'Register Integration' }).click();
    await seeToast(adminSession.page, integrationMessages.registered);
    // Registered: the secret shows as its mask, the button is gone, the toggles are there.
    await expect
      .poll(() =>
        google.getByRole('textbox', { name: 'Client Secret of Google' }).getAttribute('placeholder'),
      )
      .toBe('••••••••CSEC');
    expect(await google.getByRole('button', { name: 'Register Integration' }).count()).toBe(0);

    await google.getByRole('button', { name: 'Support Google Drive' }).click();
    await seeToast(adminSession.page, integrationMessages.supportChanged('Google Drive', true));
    await google.getByRole('button', { name: 'Remove Support Google Drive' }).waitFor();
    expect(adminSession.errors).toEqual([]);
  });

  it('a user connects Google Drive through the provider’s window, then disconnects it', async () => {
    // The list is held until the dialog was seen loading.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${integrationRoutes.listSupported}`, async (route) => {
      await held;
      await route.continue();
    });
    await chooseFromAccountMenu(page, 'Integrations');
    const dialog = page.getByRole('dialog', { name: 'Integrations' });
    await dialog.getByText(integrationMessages.loading).waitFor();
    release();

    await dialog.getByRole('tab', { name: 'Office 365' }).click();
    await dialog.getByText(integrationMessages.noneAvailable).waitFor();
    await dialog.getByRole('tab', { name: 'Google' }).click();
    const card = dialog.getByRole('listitem', { name: 'Google Drive' });
    await card.waitFor();
    await page.unroute(`**${integrationRoutes.listSupported}`);
    expect(await card.getByText('Connected', { exact: true }).count()).toBe(0);

    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Connect Google Drive' }).click();
    const popup = await popupOpened;
    // The provider sends the window back; the platform completes the connection and the window closes.
    await popup.waitForEvent('close', { timeout: 30_000 });
    await card.getByText('Connected', { exact: true }).waitFor();
    expect(provider.exchanges.length).toBe(1);

    await card.getByRole('button', { name: 'Disconnect Google Drive' }).click();
    await card.getByRole('button', { name: 'Connect Google Drive' }).waitFor();
    expect(await card.getByText('Connected', { exact: true }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('refuses an authorization address that is not https, in the dialog', async () => {
    await page.route(`**${integrationRoutes.startAuth}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, Location: `http://127.0.0.1:9/authorize` }),
      }),
    );
    await chooseFromAccountMenu(page, 'Integrations');
    const dialog = page.getByRole('dialog', { name: 'Integrations' });
    const card = dialog.getByRole('listitem', { name: 'Google Drive' });
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Connect Google Drive' }).click();
    const popup = await popupOpened;
    await dialog.getByRole('alert').filter({ hasText: integrationMessages.errorOccurred }).waitFor();
    // The window never went to that address: it is closed.
    await expect.poll(() => popup.isClosed()).toBe(true);
    await card.getByRole('button', { name: 'Connect Google Drive' }).waitFor();
    expect(await card.getByText('Connected', { exact: true }).count()).toBe(0);
    await page.unroute(`**${integrationRoutes.startAuth}`);
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { platformMessages } from '@app/contracts';
import { launchBrowser, openAdmin, signIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { chooseFromAccountMenu } from './support/account-menu';

const admin = 'admin@example.com';
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

/** The only errors expected: React reporting the failed load it caught. */
const onlyFailedLoads = (errors: string[]) =>
  errors.filter((e) => !e.includes('Failed to fetch dynamically imported module'));

describe('a part of the Admin Interface that fails', () => {
  it('a tab whose code cannot be loaded says so with Try again; the rest of the dialog keeps working', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    // The Feature Flags tab's code cannot be fetched (the network dropped, a deploy replaced it).
    const tabCode = /\/assets\/FeatureFlagsTab-[^/]+\.js$/;
    await page.route(tabCode, (route) => route.abort());
    const dialog = await openAdmin(page);

    await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
    const panel = dialog.getByRole('tabpanel');
    const failed = panel.getByRole('alert').filter({ hasText: platformMessages.viewFailed('Feature Flags') });
    await failed.waitFor();
    expect(await failed.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);

    // The other tabs, the tab strip and the top bar go on working.
    await dialog.getByRole('tab', { name: /^Configurations/ }).click();
    await panel.getByRole('heading', { name: 'Admins', exact: true }).waitFor();
    await panel.getByLabel('Group name').fill('Research');
    await panel.getByRole('button', { name: 'Create Group' }).click();
    await dialog.getByRole('tab', { name: 'Configurations *' }).waitFor();

    // Once the code can be fetched again, Try again shows the tab.
    await page.unroute(tabCode);
    await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await panel.getByRole('button', { name: 'Add Feature' }).waitFor();
    expect(await failed.count()).toBe(0);
    expect(onlyFailedLoads(errors)).toEqual([]);
    await context.close();
  });

  it('the dialog whose code cannot be loaded says so, with Try again and Close', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialogCode = /\/assets\/AdminDialog-[^/]+\.js$/;
    await page.route(dialogCode, (route) => route.abort());

    await chooseFromAccountMenu(page, 'Admin Interface');
    const failed = page
      .getByRole('alert')
      .filter({ hasText: platformMessages.viewFailed('The Admin Interface') });
    await failed.waitFor();
    await failed.getByRole('button', { name: 'Close' }).click();
    await failed.waitFor({ state: 'detached' });

    // Opened again while it still cannot load, then Try again once it can.
    await chooseFromAccountMenu(page, 'Admin Interface');
    await failed.waitFor();
    await page.unroute(dialogCode);
    await failed.getByRole('button', { name: 'Try again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin Interface' });
    await dialog.getByRole('heading', { name: 'Admins', exact: true }).waitFor();
    await dialog.locator('[data-live="live"]').waitFor();
    expect(await failed.count()).toBe(0);
    expect(onlyFailedLoads(errors)).toEqual([]);
    await context.close();
  });
});

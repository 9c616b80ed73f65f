import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { revertMessages, routes } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, signIn } from './support/browser';
import { chooseTheme } from './support/account-menu';
import { startTestPlatform, type TestPlatform } from './support/platform';

const ann = 'admin@example.com';
const shots = '/work/notes/shots';
let platform: TestPlatform;
let browser: Browser;
/** A moment between the two saves: beta off then, on since. */
let between = '';

const flags = (enabled: boolean, more: Record<string, boolean> = {}) =>
  Object.fromEntries(
    Object.entries({ beta: enabled, ...more }).map(([name, on]) => [
      name,
      { enabled: on, userExceptions: [], amplifyGroupExceptions: [] },
    ]),
  );

/** A save of the feature flags through POST /amplifymin/configs/update as the context's admin: its position. */
const saveFlags = async (context: BrowserContext, data: unknown): Promise<string> => {
  const answer = await context.request.post(`${platform.url}${routes.configsUpdate}`, {
    headers: { origin: platform.url },
    data: { configurations: [{ type: 'featureFlags', data }] },
  });
  if (answer.status() !== 200) throw new Error(`save answered ${answer.status()}: ${await answer.text()}`);
  return ((await answer.json()) as { position: string }).position;
};

beforeAll(async () => {
  platform = await startTestPlatform([ann]);
  browser = await launchBrowser();
  const { context } = await signIn(browser, platform.url, ann);
  // The seeded admin is known once the configuration answers them.
  while ((await context.request.get(`${platform.url}${routes.configs}`)).status() !== 200)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await saveFlags(context, flags(false));
  // The next whole second after the first save (same clock as the server), the second save once it has passed.
  const moment = Math.floor(Date.now() / 1000) * 1000 + 1000;
  while (Date.now() <= moment + 50) await new Promise((resolve) => setTimeout(resolve, 20));
  between = new Date(moment).toISOString();
  await saveFlags(context, flags(true));
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const flagRow = (dialog: Locator, name: string): Locator =>
  dialog.getByRole('row').filter({ has: dialog.page().getByText(name, { exact: true }) });

/** Opens 'View as of…' at `between`, typed in the browser's local time, on the Feature Flags tab. */
const viewAsOf = async (page: Page, dialog: Locator) => {
  await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
  await dialog.getByRole('button', { name: revertMessages.viewAsOf }).click();
  const picker = page.getByRole('dialog', { name: revertMessages.pickerTitle });
  const local = await page.evaluate((iso) => {
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, between);
  await picker
    .getByLabel(revertMessages.pickByTime, { exact: true })
    .and(picker.locator('input[type="datetime-local"]'))
    .fill(local);
  await picker.getByRole('button', { name: revertMessages.pickView }).click();
  await picker.waitFor({ state: 'detached' });
  await dialog.getByRole('status').filter({ hasText: 'Viewing the configuration as of' }).waitFor();
};

const noSideways = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
};

describe('View as of…', () => {
  it('shows the older value read only, and reverts the section to it after its change list', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, ann);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
    await flagRow(dialog, 'beta').getByRole('button', { name: 'Enabled' }).waitFor();

    await viewAsOf(page, dialog);
    const then = flagRow(dialog, 'beta').getByRole('button', { name: 'Disabled' });
    await then.waitFor();
    expect(await then.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Feature name').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    await page.screenshot({ path: `${shots}/asof-desktop-light.png` });

    await dialog.getByRole('button', { name: `${revertMessages.revertSection}: Feature Flags` }).click();
    const confirm = page.getByRole('alertdialog', { name: revertMessages.confirmTitle('Feature Flags') });
    await confirm
      .getByText(revertMessages.fieldChanged('beta › enabled', 'true', 'false'), { exact: true })
      .waitFor();
    await page.screenshot({ path: `${shots}/asof-confirm-desktop-light.png` });
    await confirm.getByRole('button', { name: revertMessages.revertConfirm }).click();
    await seeToast(page, revertMessages.reverted('Feature Flags'));

    // Back to now, the section as it was then, editable again.
    await dialog
      .getByRole('status')
      .filter({ hasText: 'Viewing the configuration as of' })
      .waitFor({ state: 'detached' });
    const now = flagRow(dialog, 'beta').getByRole('button', { name: 'Disabled' });
    await now.waitFor();
    expect(await now.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says who changed the section since the view was opened (409), on a phone, light and dark', async () => {
    const { context } = await signIn(browser, platform.url, ann);
    await saveFlags(context, flags(true));
    for (const theme of ['light', 'dark'] as const) {
      const phone = await signIn(browser, platform.url, ann);
      const { page, errors } = phone;
      await page.emulateMedia({ colorScheme: theme });
      await chooseTheme(page, theme);
      const dialog = await openAdmin(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await viewAsOf(page, dialog);
      await flagRow(dialog, 'beta').getByRole('button', { name: 'Disabled' }).waitFor();
      await noSideways(page);
      await page.screenshot({ path: `${shots}/asof-phone-${theme}.png` });

      // Another change after the view was opened.
      await saveFlags(context, flags(true, { [`other${theme}`]: true }));
      await dialog.getByRole('button', { name: `${revertMessages.revertSection}: Feature Flags` }).click();
      const confirm = page.getByRole('alertdialog', { name: revertMessages.confirmTitle('Feature Flags') });
      await confirm
        .getByText(revertMessages.fieldChanged('beta › enabled', 'true', 'false'), { exact: true })
        .waitFor();
      await confirm.getByRole('button', { name: revertMessages.revertConfirm }).click();
      await confirm
        .getByRole('alert')
        .getByText(revertMessages.conflict('Feature Flags', ann), { exact: true })
        .waitFor();
      await noSideways(page);
      await page.screenshot({ path: `${shots}/asof-conflict-phone-${theme}.png` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await dialog.getByRole('button', { name: revertMessages.backToNow }).click();
      await dialog.getByRole('button', { name: 'Save Changes' }).waitFor();
      expect(errors).toEqual([]);
      await phone.context.close();
    }

    // Desktop, dark.
    const desk = await signIn(browser, platform.url, ann);
    const { page } = desk;
    await page.emulateMedia({ colorScheme: 'dark' });
    await chooseTheme(page, 'dark');
    const dialog = await openAdmin(page);
    await viewAsOf(page, dialog);
    await flagRow(dialog, 'beta').getByRole('button', { name: 'Disabled' }).waitFor();
    await page.screenshot({ path: `${shots}/asof-desktop-dark.png` });
    await desk.context.close();
    await context.close();
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { routes } from '@app/contracts';
import { launchBrowser, openAdmin, signIn } from './support/browser';
import { chooseTheme } from './support/account-menu';
import { startTestPlatform, type TestPlatform } from './support/platform';

const ann = 'admin@example.com';
const bob = 'bob@example.com';
const secret = 'sk-e2e-history-0123456789-WXYZ';
const shots = '/work/notes/shots';

let platform: TestPlatform;
let browser: Browser;

/** A save through POST /amplifymin/configs/update as the context's admin. */
const save = async (context: BrowserContext, configurations: unknown[]) => {
  const answer = await context.request.post(`${platform.url}${routes.configsUpdate}`, {
    headers: { origin: platform.url },
    data: { configurations },
  });
  if (answer.status() !== 200) throw new Error(`save answered ${answer.status()}: ${await answer.text()}`);
};

beforeAll(async () => {
  platform = await startTestPlatform([ann]);
  browser = await launchBrowser();
  const a = await signIn(browser, platform.url, ann);
  await save(a.context, [{ type: 'admins', data: [ann, bob] }]);
  await save(a.context, [
    {
      type: 'featureFlags',
      data: {
        beta: { enabled: false, userExceptions: [], amplifyGroupExceptions: [] },
        gamma: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
      },
    },
  ]);
  await save(a.context, [{ type: 'applicationSecrets', data: { TOKEN: secret } }]);
  const b = await signIn(browser, platform.url, bob);
  await save(b.context, [
    {
      type: 'featureFlags',
      data: {
        beta: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
        gamma: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
      },
    },
  ]);
  await save(b.context, [{ type: 'rateLimit', data: { period: 'Daily', rate: 7 } }]);
  await a.context.close();
  await b.context.close();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const historyDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'History' });
/** A row of the history table holding all these texts. */
const rowWith = (dialog: Locator, ...texts: string[]): Locator =>
  texts.reduce(
    (rows, text) => rows.filter({ has: dialog.page().getByText(text, { exact: true }) }),
    dialog.locator('.ag-row'),
  );

describe('the History view', () => {
  it('opens from the top bar with every change, filters by admin, and from a card filtered to it', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, ann);
    let dialog = await openAdmin(page);
    await dialog.getByRole('button', { name: 'History', exact: true }).click();
    let history = historyDialog(page);
    await rowWith(history, bob, 'enabled', 'false', 'true').waitFor();
    await rowWith(history, ann, 'TOKEN', 'value', '••••').waitFor();
    await rowWith(history, bob, 'rate', '7').waitFor();
    expect(await history.textContent()).not.toContain(secret);

    // By admin: bob's changes only.
    await history.getByLabel('Admin').fill(bob);
    await expect.poll(() => history.locator('.ag-row [col-id="actor"]').allTextContents()).not.toContain(ann);
    await rowWith(history, bob, 'enabled').waitFor();
    await page.screenshot({ path: `${shots}/history-desktop.png` });

    // Export CSV: the filtered rows as a file, the secret nowhere.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('admin-history-changes.csv');

    // Escape closes it, back to the Admin Interface.
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // From the Admins card: that section only.
    dialog = page.getByRole('dialog', { name: 'Admin Interface' });
    await dialog.getByRole('button', { name: 'History of Admins' }).click();
    history = historyDialog(page);
    await rowWith(history, bob, 'present', 'yes').waitFor();
    expect(await history.getByLabel('Section').inputValue()).toBe('admins');
    await expect
      .poll(() => history.locator('.ag-row [col-id="section"]').allTextContents())
      .toEqual(expect.arrayContaining(['Admins']));
    expect(new Set(await history.locator('.ag-row [col-id="section"]').allTextContents())).toEqual(
      new Set(['Admins']),
    );

    await page.screenshot({ path: `${shots}/history-card-desktop.png` });

    // Sessions: the sign-ins, under their own kind.
    await history.getByLabel('Kind').selectOption('sessions');
    await rowWith(history, bob, 'Signed in').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens from a table row filtered to that row's item, by keyboard", async () => {
    const { context, page, errors } = await signIn(browser, platform.url, ann);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
    const button = dialog.getByRole('button', { name: 'History of Feature Flags: beta' });
    await button.focus();
    await page.keyboard.press('Enter');
    const history = historyDialog(page);
    await rowWith(history, bob, 'beta', 'enabled', 'false', 'true').waitFor();
    expect(await history.getByLabel('Section').inputValue()).toBe('featureFlags');
    expect(await history.getByLabel('Item').inputValue()).toBe('beta');
    // Only beta's changes: gamma, created in the same save, is not among them.
    expect(new Set(await history.locator('.ag-row [col-id="item"]').allTextContents())).toEqual(
      new Set(['beta']),
    );
    await page.screenshot({ path: `${shots}/history-row-desktop.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, dark: the rows as one column, nothing scrolls sideways', async () => {
    const { context } = await signIn(browser, platform.url, ann);
    const state = await context.storageState();
    await context.close();
    const phone = await browser.newContext({
      baseURL: platform.url,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      hasTouch: true,
      isMobile: true,
      storageState: state,
    });
    const page = await phone.newPage();
    await page.goto('/');
    await chooseTheme(page, 'dark');
    const dialog = await openAdmin(page);
    await dialog.getByRole('button', { name: 'History', exact: true }).click();
    const history = historyDialog(page);
    await history
      .locator('.history-change')
      .filter({ hasText: 'Feature Flags · beta · enabled' })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const wide = await history.evaluate((el) =>
      [el, ...el.querySelectorAll('*')].some(
        (e) =>
          e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX),
      ),
    );
    expect(wide).toBe(false);
    await page.screenshot({ path: `${shots}/history-phone-dark.png` });

    // A row's History, tapped on the Feature Flags tab: the page still does not scroll sideways.
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
    const rowButton = dialog.getByRole('button', { name: 'History of Feature Flags: gamma' });
    await rowButton.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/history-row-phone-dark.png` });
    await rowButton.tap();
    await history.locator('.history-change').filter({ hasText: 'Feature Flags · gamma' }).first().waitFor();
    expect(await history.locator('.history-change').filter({ hasText: '· beta ·' }).count()).toBe(0);
    await phone.close();
  });
});

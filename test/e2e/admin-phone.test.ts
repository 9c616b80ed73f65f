import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { adminMessages } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, openAdmin, signIn, toast } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { signedInMark } from './support/account-menu';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';

const admin = 'admin@example.com';
const phone = { width: 390, height: 844 };

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
/** The admin's signed-in cookies, for contexts of other sizes. */
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  models = await startModelServer();
  browser = await launchBrowser();
  const session = await signIn(browser, platform.url, admin);
  // A model in the Supported Models table: the widest of the tabs.
  await configureChatModels(session.context, platform.url, models, [testChatModel()]);
  storageState = await session.context.storageState();
  await session.context.close();
});

afterAll(async () => {
  await browser?.close();
  await models?.close();
  await platform?.close();
});

/** How far the page itself scrolls sideways: it must not. */
const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** Where an element is on the screen. */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('the element is not shown');
  return found;
}

/** The element is wholly on the phone's screen. */
async function expectOnScreen(locator: Locator): Promise<void> {
  const { x, y, width, height } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(phone.width);
  expect(y + height).toBeLessThanOrEqual(phone.height);
}

/** Some box inside the element scrolls sideways (its content is wider than itself). */
const scrollsSideways = (element: Element): boolean =>
  [...element.querySelectorAll('*')].some(
    (e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX),
  );

/** Nothing covers the element's middle (a toast, a layer). */
const isOnTop = (element: Element): boolean => {
  const { x, y, width, height } = element.getBoundingClientRect();
  return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
};

/** Closes the Admin Interface when a failed test left it open, so the next one starts on the chat. */
async function closeAdmin(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Admin Interface' });
  if (await dialog.isVisible()) await page.reload();
}

const screens: { name: string; options: BrowserContextOptions; touch: boolean }[] = [
  { name: 'a desktop browser 390 px wide', options: { viewport: phone }, touch: false },
  {
    name: 'a touch phone (390×844)',
    options: { viewport: phone, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    touch: true,
  },
];

describe.each(screens)('the Admin Interface on $name', ({ options, touch }) => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  /** A tap on a touch screen, else a click. */
  const press = (target: Locator): Promise<void> => (touch ? target.tap() : target.click());

  beforeAll(async () => {
    context = await browser.newContext({ ...options, baseURL: platform.url, storageState });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await signedInMark(page).first().waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('fills the screen; the tabs scroll sideways in their bar, never the page; Save Changes stays on screen', async () => {
    onTestFinished(() => closeAdmin(page));
    const dialog = await openAdmin(page);
    expect(await box(dialog)).toEqual({ x: 0, y: 0, width: phone.width, height: phone.height });
    const tabs = dialog.getByRole('tablist', { name: 'Admin Interface sections' });
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    expect(await tabs.evaluate((bar) => bar.scrollWidth > bar.clientWidth)).toBe(true);

    for (const name of ['Supported Models', 'Feature Flags', 'Ops', 'Embeddings', 'Configurations']) {
      const tab = dialog.getByRole('tab', { name: new RegExp(`^${name}`) });
      await press(tab);
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await expectOnScreen(tab);
      const panel = dialog.getByRole('tabpanel');
      await panel.getByText('Loading…').waitFor({ state: 'detached' });
      expect(await pageWidth(page), name).toBeLessThanOrEqual(phone.width);
      expect(await page.evaluate(() => window.scrollX), name).toBe(0);
      // The end of the panel: its last content is above the bar that holds Save Changes.
      await panel.evaluate((p) => p.scrollTo(0, p.scrollHeight));
      await expectOnScreen(save);
      const last = panel.locator(':scope > *').last();
      const { y, height } = await box(last);
      expect(y + height, name).toBeLessThanOrEqual((await box(save)).y);
    }
    await press(dialog.getByRole('tab', { name: /^Embeddings/ }));
    expect(await tabs.evaluate((bar) => bar.scrollLeft)).toBeGreaterThan(0);

    // The Supported Models table is wider than the phone: it scrolls in its own box.
    await press(dialog.getByRole('tab', { name: /^Supported Models/ }));
    const table = dialog.locator('.models-grid');
    await table.getByText(testChatModel().name).first().waitFor();
    const { x, width } = await box(table.locator('.ag-root-wrapper'));
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(phone.width);
    expect(await table.evaluate(scrollsSideways)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);

    await press(dialog.getByRole('button', { name: 'Close', exact: true }));
    await dialog.waitFor({ state: 'detached' });
  });

  it('saves (the toast above the bar, not over Save Changes), then Escape still closes it: the focus stays in the dialog', async () => {
    onTestFinished(() => closeAdmin(page));
    const dialog = await openAdmin(page);
    const added = `phone-${touch ? 'touch' : 'desktop'}@example.com`;
    await dialog.getByLabel('Add admins').fill(added);
    await dialog.getByLabel('Add admins').press('Enter');
    await dialog.getByRole('list', { name: 'Admins' }).getByText(added, { exact: true }).waitFor();
    await dialog.getByRole('heading', { name: 'Admin Interface *' }).waitFor();
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await expectOnScreen(save);
    await press(save);
    await dialog.getByRole('heading', { name: 'Admin Interface', exact: true }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    // The saved toast shows above the bar: Save Changes is not under it.
    await toast(page, adminMessages.saved).waitFor();
    expect(await save.evaluate(isOnTop)).toBe(true);
    expect(
      await dialog.evaluate((d) => d.contains(document.activeElement) || d === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { userSettingsRoutes } from '@app/contracts';
import { chooseFromAccountMenu, closeAccountMenu, openAccountMenu } from './support/account-menu';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';

let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin: 'admin@example.com', user: 'dana@example.com' });
});

afterAll(() => fixture?.close());

const shownTheme = (page: Page) => page.locator('html').getAttribute('data-theme');
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Chooses a theme entry of the account menu and waits for its save. */
const choose = async (page: Page, name: string) => {
  const saved = page.waitForResponse((r) => r.url().endsWith(userSettingsRoutes.save));
  await chooseFromAccountMenu(page, name);
  expect((await saved).status()).toBe(200);
  await closeAccountMenu(page);
};

/** Whether the account menu's System theme entry is checked. */
const followsDevice = async (page: Page) => {
  const menu = await openAccountMenu(page);
  const checked = await menu
    .getByRole('menuitemcheckbox', { name: 'System theme' })
    .getAttribute('aria-checked');
  await closeAccountMenu(page);
  return checked;
};

/** Clicks the System theme entry and waits for its save. */
const toggleSystem = async (page: Page) => {
  const saved = page.waitForResponse((r) => r.url().endsWith(userSettingsRoutes.save));
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitemcheckbox', { name: 'System theme' }).click();
  expect((await saved).status()).toBe(200);
  await closeAccountMenu(page);
};

describe('the theme', () => {
  it("follows the device's colour scheme until the user chooses one, and again once they choose the system's", async () => {
    const { page, errors } = fixture.u;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect.poll(() => shownTheme(page)).toBe('dark');
    const dark = await background(page);
    // The device turns light: so does the page, with nothing saved.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => shownTheme(page)).toBe('light');
    expect(await background(page)).not.toBe(dark);
    expect(await followsDevice(page)).toBe('true');

    await choose(page, 'Dark theme');
    await expect.poll(() => shownTheme(page)).toBe('dark');
    expect(await followsDevice(page)).toBe('false');
    // A choice holds whatever the device says, after a reload too.
    await page.reload();
    await expect.poll(() => shownTheme(page)).toBe('dark');

    await toggleSystem(page);
    await expect.poll(() => followsDevice(page)).toBe('true');
    await expect.poll(() => shownTheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => shownTheme(page)).toBe('dark');
    // Unchecked by keyboard: the theme shown stays, now the user's own.
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitemcheckbox', { name: 'System theme' }).focus();
    const saved = page.waitForResponse((r) => r.url().endsWith(userSettingsRoutes.save));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await closeAccountMenu(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect.poll(() => shownTheme(page)).toBe('dark');
    expect(await followsDevice(page)).toBe('false');
    expect(errors).toEqual([]);
  });
});

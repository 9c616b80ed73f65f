import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { userSettingsRoutes } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import type { SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import type { ModelServer } from './support/chat-platform';
import { answers } from './support/chat-page';
import { seriousViolations } from './support/axe';

const admin = 'admin@example.com';
const user = 'folders@example.com';
const model = testChatModel();
const phone = { width: 390, height: 844 };

let platform: TestPlatform;
let models: ModelServer;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [model] });
  ({ platform, models, u } = fixture);
});

afterAll(() => fixture?.close());

const conversations = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
/** The row of the conversation whose name starts with `name`. */
const row = (page: Page, name: string): Locator =>
  conversations(page).getByRole('listitem').filter({ hasText: name });
const folder = (page: Page, name: string): Locator => conversations(page).getByRole('region', { name });
const pinned = (page: Page): Locator => conversations(page).getByRole('region', { name: 'Pinned' });

/** Starts a new conversation with `question` and waits for its answer. */
const startConversation = async (page: Page, question: string) => {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await expect.poll(() => answers(page).count()).toBe(0);
  models.behave({ tokens: ['Sure', ' thing.'] });
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => answers(page).count()).toBe(1);
  await answers(page).last().getByLabel('Usage').waitFor();
  await row(page, question).waitFor();
};

/** Opens the conversation's menu and chooses `item`. */
const chooseFromMenu = async (page: Page, name: string, item: string) => {
  await conversations(page)
    .getByRole('button', { name: `Conversation actions ${name}` })
    .click();
  await page
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByRole('menuitem', { name: item })
    .click();
};

/** What the second tab (or a reloaded one) must show of the filing made below. */
const seesFiling = async (page: Page) => {
  await folder(page, 'Work').getByRole('listitem').filter({ hasText: 'Alpha trip plans' }).waitFor();
  await folder(page, 'Work').getByRole('listitem').filter({ hasText: 'Beta budget review' }).waitFor();
  await pinned(page).getByRole('listitem').filter({ hasText: 'Gamma garden ideas' }).waitFor();
  await row(page, 'Alpha trip plans').getByRole('button', { name: 'Filter by tag travel' }).waitFor();
};

describe('folders, pins and tags in the sidebar', () => {
  it('a folder made, conversations moved in (menu and drag), one pinned, one tagged: kept after a reload, live in a second tab', async () => {
    const page = u.page;
    await startConversation(page, 'Alpha trip plans');
    await startConversation(page, 'Beta budget review');
    await startConversation(page, 'Gamma garden ideas');

    const second = await u.context.newPage();
    await second.goto('/');
    await row(second, 'Gamma garden ideas').waitFor();

    // A folder.
    await conversations(page).getByRole('button', { name: 'New folder', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Work');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await folder(page, 'Work').waitFor();
    // The same name again is refused, with the server's words.
    await conversations(page).getByRole('button', { name: 'New folder', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('work');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText("You already have a folder named 'work'.").waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Moved by the menu.
    await chooseFromMenu(page, 'Alpha trip plans', 'Move to folder…');
    await page
      .getByRole('dialog', { name: 'Move Alpha trip plans to a folder' })
      .getByRole('button', { name: 'Work' })
      .click();
    await folder(page, 'Work').getByRole('listitem').filter({ hasText: 'Alpha trip plans' }).waitFor();

    // Moved by dragging it onto the folder.
    await conversations(page)
      .getByRole('button', { name: /^Beta budget review/ })
      .dragTo(folder(page, 'Work').getByRole('button', { name: /^Work/ }));
    await folder(page, 'Work').getByRole('listitem').filter({ hasText: 'Beta budget review' }).waitFor();

    // Pinned.
    await chooseFromMenu(page, 'Gamma garden ideas', 'Pin');
    await pinned(page).getByRole('listitem').filter({ hasText: 'Gamma garden ideas' }).waitFor();

    // Tagged.
    await chooseFromMenu(page, 'Alpha trip plans', 'Tags…');
    const tags = page.getByRole('dialog', { name: 'Tags of Alpha trip plans' });
    await tags.getByRole('textbox', { name: 'New tag' }).fill('travel');
    await tags.getByRole('button', { name: 'Add' }).click();
    await tags.getByRole('button', { name: 'Remove tag travel' }).waitFor();
    await tags.getByRole('button', { name: 'Done' }).click();

    // A tag clicked filters the list.
    await row(page, 'Alpha trip plans').getByRole('button', { name: 'Filter by tag travel' }).click();
    await expect.poll(() => row(page, 'Gamma garden ideas').count()).toBe(0);
    expect(await row(page, 'Alpha trip plans').count()).toBe(1);
    await page.getByRole('button', { name: 'Show all conversations' }).click();
    await row(page, 'Gamma garden ideas').waitFor();

    // The second tab heard all of it without a reload; a reload keeps it.
    await seesFiling(second);
    await second.close();
    await page.reload();
    await seesFiling(page);
  }, 180_000);

  it('the menu by keyboard: arrows move, Escape closes it and gives the focus back', async () => {
    const page = u.page;
    const trigger = conversations(page).getByRole('button', {
      name: 'Conversation actions Gamma garden ideas',
    });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Actions for Gamma garden ideas' });
    await expect
      .poll(() =>
        menu.getByRole('menuitem', { name: 'Rename' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        menu.getByRole('menuitem', { name: 'Unpin' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('End');
    await expect
      .poll(() =>
        menu.getByRole('menuitem', { name: 'Delete' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('on a phone (390×844, dark) the menu and folders fit the drawer; nothing scrolls sideways', async () => {
    const dark = await u.context.request.post(`${platform.url}${userSettingsRoutes.save}`, {
      headers: { origin: platform.url },
      data: { theme: 'dark' },
    });
    expect(dark.status()).toBe(200);
    const context = await fixture.browser.newContext({
      viewport: phone,
      hasTouch: true,
      colorScheme: 'dark',
      baseURL: platform.url,
      storageState: await u.context.storageState({ indexedDB: true }),
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Open sidebar' }).tap();
      await seesFiling(page);
      await conversations(page).getByRole('button', { name: 'Conversation actions Alpha trip plans' }).tap();
      await page.getByRole('menu', { name: 'Actions for Alpha trip plans' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.width,
      );
      await page.screenshot({ path: '/work/notes/shots/folders-phone-menu.png' });
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await conversations(page).getByRole('button', { name: 'Conversation actions Alpha trip plans' }).tap();
      await page.getByRole('menuitem', { name: 'Move to folder…' }).tap();
      const move = page.getByRole('dialog', { name: 'Move Alpha trip plans to a folder' });
      await move.getByRole('button', { name: 'No folder' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.width,
      );
      await page.screenshot({ path: '/work/notes/shots/folders-phone-move.png' });
      expect(await seriousViolations(page)).toEqual([]);
      await move.getByRole('button', { name: 'Cancel' }).tap();
    } finally {
      await context.close();
    }
  });

  it('a folder deleted: its conversations stay in the list, out of any folder', async () => {
    const page = u.page;
    await folder(page, 'Work').getByRole('button', { name: 'Delete folder Work' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete folder' });
    await confirm.getByText('Its conversations move out of it; none is deleted.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => folder(page, 'Work').count()).toBe(0);
    await row(page, 'Alpha trip plans').waitFor();
    await row(page, 'Beta budget review').waitFor();
    await page.screenshot({ path: '/work/notes/shots/folders-desktop-after-delete.png' });
    await page.reload();
    await row(page, 'Beta budget review').waitFor();
    expect(await folder(page, 'Work').count()).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { testChatModel } from '@app/platform/testing';
import { chatText } from '../../web/src/chat/chat-text';
import { type SignedIn } from './support/browser';
import {
  chooseFromAccountMenu,
  closeAccountMenu,
  closeDrawer,
  openAccountMenu,
  openDrawer,
} from './support/account-menu';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { configureChatModels, numberedTokens, type ModelServer } from './support/chat-platform';
import { answers } from './support/chat-page';

const admin = 'admin@example.com';
const user = 'user@example.com';
const phone = { width: 390, height: 844 };
const day = 24 * 60 * 60 * 1000;

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user });
  ({ platform, models, browser, adminSession, u } = fixture);
});

afterAll(() => fixture?.close());

const conversations = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
const input = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' });
const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
const focusedName = (page: Page): Promise<string> =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
  );

/** Waits until the answer shows at least `words` words of the numbered answer. */
const waitForWords = (answer: Locator, words: number) =>
  answer.getByText(new RegExp(`\\bw${words - 1}\\b`)).waitFor();

const send = async (page: Page, text: string) => {
  await input(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await answers(page).last().getByLabel('Usage').waitFor();
};

describe('nothing to chat with yet', () => {
  it('an admin gets a button that opens the Admin Interface; a user is told to ask an administrator', async () => {
    const { page } = adminSession;
    await page.getByRole('button', { name: chatText.openAdminForModels }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin Interface' });
    // It opens where models are added.
    await dialog.getByRole('tab', { name: 'Supported Models', selected: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // The account menu's Admin Interface opens on its first tab.
    await chooseFromAccountMenu(page, 'Admin Interface');
    await dialog.getByRole('heading', { name: 'Admins', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await u.page.getByText(chatText.noModels).waitFor();
    expect(await u.page.getByRole('button', { name: chatText.openAdminForModels }).count()).toBe(0);

    await configureChatModels(adminSession.context, platform.url, models, [testChatModel()]);
    await u.page.reload();
    await page.reload();
    await u.page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await u.page.getByText(chatText.noModels).count()).toBe(0);
  });
});

describe('the chat on a desktop', () => {
  it('lists conversations under Today; New chat empties the screen', async () => {
    const { page } = u;
    models.behave({ tokens: numberedTokens(4) });
    await send(page, 'First of the day');
    const today = conversations(page).getByRole('region', { name: 'Today' });
    await today.getByRole('button', { name: /^First of the day/ }).waitFor();
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await page.getByText(chatText.emptyConversation).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Message');
  });

  it('groups a conversation under Yesterday a day later, and under Older after a week', async () => {
    const context = await browser.newContext({
      baseURL: platform.url,
      viewport: { width: 1440, height: 900 },
      storageState: await u.context.storageState({ indexedDB: true }),
    });
    try {
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(Date.now() + day));
      await page.goto('/');
      const item = (group: string) =>
        conversations(page)
          .getByRole('region', { name: group })
          .getByRole('button', { name: /^First of the day/ });
      await item('Yesterday').waitFor();
      await page.clock.setFixedTime(new Date(Date.now() + 9 * day));
      await page.reload();
      await item('Older').waitFor();
      expect(await conversations(page).getByRole('heading', { name: 'Today' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the account menu holds the account, its choices and entries; keys move in it; Escape gives the focus back', async () => {
    const { page } = adminSession;
    const button = page.getByRole('button', { name: 'Account menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = await openAccountMenu(page);
    const menu = panel.getByRole('menu', { name: 'Account' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      '☾Dark theme',
      'API Keys',
      'Integrations',
      'Assistants',
      'Usage',
      'Export all conversations',
      'Import conversations',
      'Delete all my conversations',
      'Admin Interface',
      'Sign out',
    ]);
    await panel.getByRole('combobox', { name: 'Account' }).waitFor();
    await panel.getByRole('combobox', { name: 'Conversation storage' }).waitFor();
    await panel.getByLabel('Spend').waitFor();
    expect(await menu.getByRole('menuitemcheckbox').allTextContents()).toEqual(['◐System theme']);
    await expect.poll(() => focusedName(page)).toContain('Dark theme');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedName(page)).toContain('System theme');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedName(page)).toBe('API Keys');
    await page.keyboard.press('End');
    await expect.poll(() => focusedName(page)).toBe('Sign out');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedName(page)).toContain('Dark theme');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedName(page)).toContain('Account menu');

    // An entry opens its dialog; closing it gives the focus back to the menu's button.
    await page.keyboard.press('Enter');
    await menu.getByRole('menuitem', { name: 'API Keys' }).click();
    const keys = page.getByRole('dialog', { name: 'API Keys' });
    await keys.getByRole('button', { name: 'Close', exact: true }).click();
    await keys.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toContain('Account menu');

    // A user who is not an admin has no Admin Interface there.
    const userMenu = await openAccountMenu(u.page);
    await userMenu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await userMenu.getByRole('menuitem', { name: 'Admin Interface' }).count()).toBe(0);
    await closeAccountMenu(u.page);
  });

  it('shortcuts: Ctrl+/ lists them, Ctrl+Shift+O starts a new chat, Shift+Escape focuses the input, Escape stops', async () => {
    const { page } = u;
    await page.keyboard.press('Control+/');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const what of ['New chat', 'Focus the message input', 'Stop the answer'])
      await list.getByRole('rowheader', { name: what }).waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });

    await conversations(page)
      .getByRole('button', { name: /^First of the day/ })
      .click();
    await answers(page).first().waitFor();
    await page.keyboard.press('Control+Shift+O');
    await page.getByText(chatText.emptyConversation).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Message');

    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Shift+Escape');
    await expect.poll(() => focusedName(page)).toBe('Message');

    models.behave({ tokens: numberedTokens(400), tokenDelayMs: 100 });
    await input(page).fill('Count until told to stop');
    await input(page).press('Enter');
    const answer = answers(page).last();
    await waitForWords(answer, 3);
    await page.keyboard.press('Escape');
    await answer.getByText(chatText.stopped).first().waitFor();
    expect(await answer.innerText()).not.toContain(' w399');
    await expect.poll(() => models.requests.at(-1)?.closedEarly).toBe(true);
    expect(u.errors).toEqual([]);
  });
});

const screens: { name: string; options: BrowserContextOptions; touch: boolean }[] = [
  { name: 'a desktop browser 390 px wide', options: { viewport: phone }, touch: false },
  {
    name: 'a touch phone (390×844)',
    options: { viewport: phone, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    touch: true,
  },
];

describe.each(screens)('the chat on $name', ({ options, touch }) => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  /** A tap on a touch screen, else a click. */
  const press = (target: Locator): Promise<void> => (touch ? target.tap() : target.click());

  beforeAll(async () => {
    context = await browser.newContext({
      ...options,
      baseURL: platform.url,
      storageState: await u.context.storageState({ indexedDB: true }),
    });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.getByRole('button', { name: 'Open sidebar' }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  /** Big enough for a finger: about 40 px each way. */
  const expectTouchSize = async (target: Locator) => {
    const box = await target.boundingBox();
    if (!box) throw new Error('not shown');
    const name = target.toString();
    expect(Math.round(box.height), name).toBeGreaterThanOrEqual(40);
    expect(Math.round(box.width), name).toBeGreaterThanOrEqual(40);
  };

  it('nothing scrolls sideways; the sidebar is a drawer that Escape, the backdrop and a choice close', async () => {
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    const nav = conversations(page);
    expect(await nav.isVisible()).toBe(false);
    for (const control of [
      page.getByRole('button', { name: 'Open sidebar' }),
      page.getByRole('combobox', { name: 'Model' }),
      page.getByRole('button', { name: 'Model tiers legend' }),
      page.getByRole('button', { name: 'View Model Pricing' }),
      page.getByRole('combobox', { name: 'Assistant' }),
      page.getByRole('button', { name: 'Attach files' }),
      page.getByRole('button', { name: 'Documents' }),
      page.getByRole('button', { name: 'Send' }),
    ])
      await expectTouchSize(control);

    await press(page.getByRole('button', { name: 'Open sidebar' }));
    await nav.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await expectTouchSize(page.getByRole('button', { name: 'New chat', exact: true }));
    await expectTouchSize(page.getByRole('button', { name: 'Account menu' }));
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedName(page)).toBe('Open sidebar');

    await press(page.getByRole('button', { name: 'Open sidebar' }));
    await nav.waitFor();
    // The backdrop: the strip to the right of the drawer.
    if (touch) await page.touchscreen.tap(phone.width - 10, phone.height / 2);
    else await page.mouse.click(phone.width - 10, phone.height / 2);
    await nav.waitFor({ state: 'hidden' });

    await press(page.getByRole('button', { name: 'Open sidebar' }));
    await press(nav.getByRole('button', { name: /^First of the day/ }));
    await nav.waitFor({ state: 'hidden' });
    await answers(page).first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  });

  it('the account menu fits the screen, its entries big enough to touch', async () => {
    await openDrawer(page);
    const panel = await openAccountMenu(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    const box = await panel.boundingBox();
    expect(box && box.y >= 0 && box.x + box.width <= phone.width).toBe(true);
    for (const item of await panel.getByRole('menuitem').all()) {
      const size = await item.boundingBox();
      expect(Math.round(size?.height ?? 0), await item.innerText()).toBeGreaterThanOrEqual(40);
    }
    await closeAccountMenu(page);
    await closeDrawer(page);
  });

  it('a message is sent and stopped by touch alone; the composer stays on screen', async () => {
    models.behave({ tokens: numberedTokens(400), tokenDelayMs: 100 });
    await press(input(page));
    await input(page).fill(`Count on ${touch ? 'a phone' : 'a narrow screen'}`);
    await press(page.getByRole('button', { name: 'Send' }));
    const answer = answers(page).last();
    await waitForWords(answer, 20);
    const stop = page.getByRole('button', { name: 'Stop' });
    const box = await stop.boundingBox();
    expect(box && box.y + box.height <= phone.height).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await press(stop);
    await answer.getByText(chatText.stopped).first().waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => models.requests.at(-1)?.closedEarly).toBe(true);
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { conversationSearchMessages, userSettingsRoutes, type ConversationStorage } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import type { SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import type { ModelServer } from './support/chat-platform';
import { answers } from './support/chat-page';
import { seriousViolations } from './support/axe';

const admin = 'admin@example.com';
const user = 'searcher@example.com';
const phone = { width: 390, height: 844 };

let platform: TestPlatform;
let models: ModelServer;
let u: SignedIn;
let fixture: ChatFixture;

const filler = (topic: string, n: number) => `${`Some more words about ${topic}. `.repeat(n)}`;
/** The answer with the word searched for, in its middle. */
const ferryAnswer = `${filler('travel plans', 30)}The ferry to Zanzibar leaves at nine from the old harbour. ${filler('travel plans', 30)}`;

const words = (text: string): string[] => text.split(/(?= )/);

const ask = async (page: Page, question: string, answer: string) => {
  const before = await answers(page).count();
  models.behave({ tokens: words(answer) });
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  // Its own answer, not the one before it (waited for without expect: this runs in beforeAll).
  await answers(page).nth(before).getByLabel('Usage').waitFor();
};

const newConversation = async (page: Page) => {
  await page.getByRole('button', { name: /^New (chat|conversation)$/ }).click();
  await answers(page).first().waitFor({ state: 'detached' });
};

const useStorage = async (session: SignedIn, storage: ConversationStorage) => {
  const saved = await session.context.request.post(`${platform.url}${userSettingsRoutes.save}`, {
    headers: { origin: platform.url },
    data: { conversationStorage: storage },
  });
  if (saved.status() !== 200) throw new Error(`saving the storage answered ${saved.status()}`);
  await session.page.reload();
};

const searchBox = (page: Page): Locator =>
  page.getByRole('combobox', { name: conversationSearchMessages.label });
const results = (page: Page): Locator =>
  page.getByRole('listbox', { name: conversationSearchMessages.resultsLabel }).getByRole('option');
/** Whether `word` shows in the window inside `target` (its first occurrence as text). */
const wordInView = (target: Locator, word: string) =>
  target.evaluate((el, w) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const at = (node.nodeValue ?? '').indexOf(w);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + w.length);
      const box = range.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    }
    return false;
  }, word);

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [testChatModel()] });
  ({ platform, models, u } = fixture);
  const { page } = u;
  // Several cloud conversations; the second one's first answer has the word in its middle, and more turns after it.
  await useStorage(u, 'future-cloud');
  await ask(page, 'Best museums in Rome?', `${filler('museums', 20)}The Vatican.`);
  await newConversation(page);
  await ask(page, 'Plan my island holiday', ferryAnswer);
  await ask(page, 'And the food?', filler('food', 80));
  await ask(page, 'And the weather?', filler('weather', 80));
  await newConversation(page);
  await ask(page, 'How do taxes work?', filler('taxes', 20));
  // A conversation kept in this browser holds the word too.
  await useStorage(u, 'future-local');
  await ask(
    page,
    'Local notes on the trip',
    `${filler('notes', 10)}Pack a hat for Zanzibar beaches. ${filler('notes', 10)}`,
  );
}, 180_000);

afterAll(() => fixture?.close());

describe('searching conversations', () => {
  it('Ctrl+K, a word from the middle of an answer: snippets from the cloud and this browser; Enter opens it at that message', async () => {
    const { page } = u;
    await newConversation(page);
    await page.keyboard.press('Control+K');
    await expect.poll(() => searchBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('zanzib');

    // One list: the cloud conversation first, then the local one, each with its snippet, the word marked.
    await expect.poll(() => results(page).count()).toBe(2);
    const [cloud, local] = [results(page).nth(0), results(page).nth(1)];
    await cloud.getByText('Plan my island holiday').waitFor();
    expect(await cloud.locator('mark').allInnerTexts()).toContain('Zanzibar');
    expect(await cloud.innerText()).toContain('ferry to Zanzibar');
    await local.getByText('Local notes on the trip').waitFor();
    expect(await local.locator('mark').allInnerTexts()).toContain('Zanzibar');
    expect(await local.locator('time').innerText()).not.toBe('');
    // The open list is accessible (its marks' colours too), in the light theme and the dark one.
    expect(await seriousViolations(page, { include: ['.conversation-search'] })).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await seriousViolations(page, { include: ['.conversation-search'] })).toEqual([]);
    await page.locator('#chat-sidebar').screenshot({ path: '/work/notes/shots/search-desktop-dark.png' });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));

    await page.keyboard.press('Enter');
    const hit = answers(page).filter({ hasText: 'The ferry to Zanzibar' });
    await hit.waitFor();
    await expect.poll(() => hit.getAttribute('data-search-hit')).toBe('true');
    await expect.poll(() => wordInView(hit, 'Zanzibar')).toBe(true);
    // The conversation has turns after it: the open was at the answer, not at the end.
    expect(await answers(page).count()).toBe(3);
    expect(await results(page).count()).toBe(0);
    expect(u.errors).toEqual([]);
  });

  it('arrow keys choose the local conversation; Escape clears the box', async () => {
    const { page } = u;
    await page.keyboard.press('Control+K');
    await page.keyboard.type('beaches zanz');
    await expect.poll(() => results(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => searchBox(page).inputValue()).toBe('');
    expect(await results(page).count()).toBe(0);

    await page.keyboard.type('zanzibar');
    await expect.poll(() => results(page).count()).toBe(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => results(page).nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    const hit = answers(page).filter({ hasText: 'Pack a hat for Zanzibar' });
    await hit.waitFor();
    await expect.poll(() => wordInView(hit, 'Zanzibar')).toBe(true);
    await expect
      .poll(() =>
        page.getByRole('textbox', { name: 'Message' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
  });

  it('on a phone (390×844) Ctrl+K opens the drawer at the box; a tap on a result opens it; nothing scrolls sideways', async () => {
    const context = await fixture.browser.newContext({
      viewport: phone,
      hasTouch: true,
      baseURL: platform.url,
      storageState: await u.context.storageState({ indexedDB: true }),
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Open sidebar' }).waitFor();
      await page.keyboard.press('Control+K');
      await expect.poll(() => searchBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('ferry');
      await expect.poll(() => results(page).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.width,
      );
      await page.screenshot({ path: '/work/notes/shots/search-phone.png' });
      await results(page).first().tap();
      const hit = answers(page).filter({ hasText: 'The ferry to Zanzibar' });
      await hit.waitFor();
      await expect.poll(() => wordInView(hit, 'Zanzibar')).toBe(true);
      await page.screenshot({ path: '/work/notes/shots/search-phone-opened.png' });
      // The drawer closed.
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Conversations' }).isVisible())
        .toBe(false);
    } finally {
      await context.close();
    }
  });
});

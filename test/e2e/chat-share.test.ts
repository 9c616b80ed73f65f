import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { userSettingsRoutes } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { signIn, type SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { type ModelServer } from './support/chat-platform';
import { answers } from './support/chat-page';
import { seriousViolations } from './support/axe';

const admin = 'admin@example.com';
const owner = 'sharer@example.com';
const reader = 'reader@example.com';
const stranger = 'stranger@example.com';
const model = testChatModel();
const question = 'Tell me about ferries';
const answer = 'Ferries carry **cars** and people across the `fjord` daily.';

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let u: SignedIn;
let fixture: ChatFixture;
const sessions: SignedIn[] = [];

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user: owner, chatModels: [model] });
  ({ platform, models, browser, u } = fixture);
  await u.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
});

afterAll(async () => {
  for (const s of sessions) await s.context.close().catch(() => undefined);
  await fixture?.close();
});

const conversations = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
const conversationMenu = (page: Page): Locator =>
  conversations(page).getByRole('button', { name: `Conversation actions ${question}`, exact: true });
const shareDialog = (page: Page): Locator => page.getByRole('dialog', { name: `Share ${question}` });

/** Opens the Share dialog from the conversation's menu and waits for its list of links. */
const openShareDialog = async (page: Page): Promise<Locator> => {
  await conversationMenu(page).click();
  await page
    .getByRole('menu', { name: `Actions for ${question}` })
    .getByRole('menuitem', { name: 'Share' })
    .click();
  const dialog = shareDialog(page);
  await dialog
    .getByText(/^(No links yet\.|Links of this conversation)$/)
    .first()
    .waitFor();
  return dialog;
};

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('sharing a cloud conversation', () => {
  let link = '';

  it('the owner shares a cloud conversation with one user and gets a link to copy', async () => {
    const { page } = u;
    const saved = await u.context.request.post(`${platform.url}${userSettingsRoutes.save}`, {
      headers: { origin: platform.url },
      data: { conversationStorage: 'future-cloud' },
    });
    expect(saved.status()).toBe(200);
    await page.reload();
    models.behave({ tokens: answer.split(/(?= )/) });
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await answers(page).last().getByLabel('Usage').waitFor();
    await conversationMenu(page).waitFor();

    const dialog = await openShareDialog(page);
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('radio', { name: 'Specific people and groups' }).check();
    const people = dialog.getByRole('textbox', { name: 'People' });
    await people.fill(reader);
    await people.press('Enter');
    await dialog.getByRole('list', { name: 'People with access' }).getByText(reader).waitFor();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Link' });
    await field.waitFor();
    link = await field.inputValue();
    expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
    await dialog.getByRole('button', { name: 'Copy link', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied!', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('listitem').filter({ hasText: reader }).getByText('Viewed 0 times').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('the user it is shared with reads it rendered (at 390x844), and Continue in my chats copies it into their list', async () => {
    const r = await signIn(browser, platform.url, reader);
    sessions.push(r);
    await r.page.setViewportSize({ width: 390, height: 844 });
    await r.page.goto(new URL(link).pathname);
    await r.page.getByRole('heading', { name: question }).waitFor();
    await r.page.getByText(`Shared by ${owner}`).waitFor();
    await r.page.getByRole('article', { name: 'Question' }).getByText(question).waitFor();
    const shown = r.page.getByRole('article', { name: 'Answer' });
    // The chat's own renderer: markdown (bold) and inline code.
    await shown.locator('strong', { hasText: 'cars' }).waitFor();
    await shown.locator('code', { hasText: 'fjord' }).waitFor();
    await r.page.getByText(model.id, { exact: false }).first().waitFor();
    expect(await scrollsSideways(r.page)).toBe(false);
    await r.page.screenshot({ path: '/work/notes/shots/share-page-390.png' }).catch(() => undefined);
    expect(await seriousViolations(r.page, { include: ['.share-page'] })).toEqual([]);

    await r.page.getByRole('button', { name: 'Continue in my chats' }).click();
    await r.page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(new URL(r.page.url()).pathname).toBe('/');
    // A phone's conversation list is in the drawer: the copy is the conversation shown.
    await r.page.getByRole('article', { name: 'Your message' }).getByText(question).waitFor();
    await r.page.setViewportSize({ width: 1440, height: 900 });
    await conversations(r.page)
      .getByRole('button', { name: new RegExp(`^${question}`) })
      .first()
      .waitFor();
    expect(r.errors).toEqual([]);
  });

  it('someone it was not shared with gets the not-allowed page', async () => {
    const s = await signIn(browser, platform.url, stranger);
    sessions.push(s);
    // In the dark theme, on a phone.
    const saved = await s.context.request.post(`${platform.url}${userSettingsRoutes.save}`, {
      headers: { origin: platform.url },
      data: { theme: 'dark' },
    });
    expect(saved.status()).toBe(200);
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.goto(new URL(link).pathname);
    await s.page.getByRole('heading', { name: 'Not shared with you' }).waitFor();
    await s.page.getByRole('alert').getByText('This conversation was not shared with you.').waitFor();
    expect(await s.page.getByRole('article', { name: 'Answer' }).count()).toBe(0);
    await expect.poll(() => s.page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    expect(await scrollsSideways(s.page)).toBe(false);
    await s.page
      .screenshot({ path: '/work/notes/shots/share-not-allowed-dark-390.png' })
      .catch(() => undefined);
    expect(await seriousViolations(s.page, { include: ['.share-page'] })).toEqual([]);
  });

  it('the owner sees one view and revokes the link; it then says it no longer exists', async () => {
    const { page } = u;
    await page.setViewportSize({ width: 390, height: 844 });
    // A phone's conversation list is in the drawer.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await conversationMenu(page).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: '/work/notes/shots/share-row-390.png' }).catch(() => undefined);
    const dialog = await openShareDialog(page);
    const row = dialog.getByRole('listitem').filter({ hasText: reader });
    await row.getByText('Viewed 1 time').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: '/work/notes/shots/share-dialog-390.png' }).catch(() => undefined);
    expect(await seriousViolations(page, { include: ['.share-dialog'] })).toEqual([]);
    // By keyboard: the Revoke button focused, then Enter.
    await row.getByRole('button', { name: /^Revoke/ }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const r = sessions[0];
    if (!r) throw new Error('the reader signed in above');
    await r.page.goto(new URL(link).pathname);
    await r.page.getByRole('heading', { name: 'This link no longer exists' }).waitFor();
    await r.page.getByRole('alert').getByText('This shared conversation no longer exists.').waitFor();
    expect(u.errors).toEqual([]);
  });
});

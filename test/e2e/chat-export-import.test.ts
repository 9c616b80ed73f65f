import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  ConversationFile,
  conversationRoutes,
  ConversationsResponse,
  userSettingsRoutes,
  type ConversationStorage,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { seeToast, type SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { type ModelServer } from './support/chat-platform';
import { answers, userMessages } from './support/chat-page';
import { chooseFromAccountMenu, chooseTheme, closeDrawer, openDrawer } from './support/account-menu';

const admin = 'admin@example.com';
const user = 'files@example.com';
const model = testChatModel();

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
const words = (text: string): string[] => text.split(/(?= )/);

const ask = async (page: Page, question: string, answer: string) => {
  const before = await answers(page).count();
  models.behave({ tokens: words(answer) });
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  await answers(page).last().getByLabel('Usage').waitFor();
};

const useStorage = async (session: SignedIn, storage: ConversationStorage) => {
  const saved = await session.context.request.post(`${platform.url}${userSettingsRoutes.save}`, {
    headers: { origin: platform.url },
    data: { conversationStorage: storage },
  });
  expect(saved.status()).toBe(200);
  await session.page.reload();
};

const newConversation = async (page: Page) => {
  await page.getByRole('button', { name: /^New (chat|conversation)$/ }).click();
  await expect.poll(() => userMessages(page).count()).toBe(0);
};

const counterOf = (page: Page, question: string): Locator =>
  userMessages(page)
    .filter({ hasText: question })
    .getByRole('group', { name: /^Version \d+ of \d+$/ });

const serverConversations = async () => {
  const res = await u.context.request.get(`${platform.url}${conversationRoutes.list}`);
  return ConversationsResponse.parse(await res.json()).data;
};

/** The conversation menu of the conversation named `name` (its first row when two have that name). */
const menuButton = (page: Page, name: string): Locator =>
  conversations(page)
    .getByRole('button', { name: `Conversation actions ${name}`, exact: true })
    .first();

/** Opens the conversation menu of `name` and answers its entry `entry` (Export, Move to cloud...). */
const menuEntry = async (page: Page, entry: string, name: string): Promise<Locator> => {
  const button = menuButton(page, name);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return conversations(page)
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByRole('menuitem', {
      name: entry,
      exact: true,
    });
};

describe('export and import of conversations', () => {
  const q1 = 'Plan a trip to Porto';
  const q2 = 'Where to eat?';
  const edited = 'Where to eat, cheaply?';
  let exportedPath = '';

  it('exports a cloud conversation with two versions of a turn: every version in the file', async () => {
    const { page } = u;
    await useStorage(u, 'future-cloud');
    await newConversation(page);
    await ask(page, q1, 'Start at the Ribeira.');
    await ask(page, q2, 'Try a francesinha.');
    const second = userMessages(page).filter({ hasText: q2 });
    await second.hover();
    await second.getByRole('button', { name: 'Edit message' }).click();
    await page.getByRole('textbox', { name: 'Edited message' }).fill(edited);
    models.behave({ tokens: words('A bifana at a tasca.') });
    await page.getByRole('button', { name: 'Save & send' }).click();
    await answers(page).last().getByText('A bifana at a tasca.').waitFor();
    await answers(page).last().getByLabel('Usage').waitFor();
    await expect.poll(() => counterOf(page, edited).innerText()).toMatch(/2 \/ 2/);
    await expect.poll(async () => (await serverConversations()).find((c) => c.name === q1)?.requests).toBe(3);

    await (await menuEntry(page, 'Export', q1)).click();
    const download = page.waitForEvent('download');
    await page
      .getByRole('dialog', { name: `Export ${q1}` })
      .getByRole('button', { name: 'JSON (every version)' })
      .click();
    exportedPath = join(await mkdtemp(join(tmpdir(), 'export-')), 'conversation.json');
    await (await download).saveAs(exportedPath);
    const file = ConversationFile.parse(JSON.parse(await readFile(exportedPath, 'utf8')));
    const turns = file.conversations[0]?.turns ?? [];
    expect(turns.map((t) => t.question)).toEqual([q1, q2, edited]);
    expect(turns[1]?.parentRequestId).toBe(turns[0]?.requestId);
    expect(turns[2]?.parentRequestId).toBe(turns[0]?.requestId);
    expect(turns.every((t) => t.model !== null)).toBe(true);
  });

  it('imports the file: a new conversation shows the same versions', async () => {
    const { page } = u;
    await chooseFromAccountMenu(page, 'Import conversations');
    const dialog = page.getByRole('dialog', { name: 'Import conversations' });
    await dialog.getByLabel('File to import').setInputFiles(exportedPath);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await seeToast(page, 'Imported 1 conversation.');
    await expect.poll(async () => (await serverConversations()).filter((c) => c.name === q1).length).toBe(2);
    // The import is the newest: first in the list.
    await conversations(page)
      .getByRole('button', { name: new RegExp(`^${q1}`) })
      .first()
      .click();
    await expect.poll(() => counterOf(page, edited).innerText()).toMatch(/2 \/ 2/);
    await counterOf(page, edited).getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/1 \/ 2/);
    await answers(page).getByText('Try a francesinha.').waitFor();
  });

  it('moves a local conversation to the cloud, its messages with it', async () => {
    const { page } = u;
    const q = 'Kept here first';
    await useStorage(u, 'future-local');
    await newConversation(page);
    await ask(page, q, 'Local answer.');
    await (await menuEntry(page, 'Move to cloud', q)).click();
    await seeToast(page, 'Moved to the cloud.');
    await expect
      .poll(async () => (await serverConversations()).filter((c) => c.name === q).map((c) => c.storage))
      .toEqual(['future-cloud']);
    await conversations(page)
      .getByRole('button', { name: new RegExp(`^${q}`) })
      .first()
      .click();
    await answers(page).getByText('Local answer.').waitFor();
    await (await menuEntry(page, 'Keep in this browser', q)).waitFor();
    await page.keyboard.press('Escape');
  });

  it('keeps a cloud conversation in this browser: its cloud copy goes, its messages stay here', async () => {
    const { page } = u;
    const q = 'Kept here first';
    await (await menuEntry(page, 'Keep in this browser', q)).click();
    await seeToast(page, 'Now kept in this browser.');
    await expect.poll(async () => (await serverConversations()).filter((c) => c.name === q).length).toBe(0);
    await (await menuEntry(page, 'Move to cloud', q)).waitFor();
    await page.keyboard.press('Escape');
    await conversations(page)
      .getByRole('button', { name: new RegExp(`^${q}`) })
      .first()
      .click();
    await answers(page).getByText('Local answer.').waitFor();
  });

  it('Export all conversations: the cloud’s and this browser’s in one file', async () => {
    const { page } = u;
    const download = page.waitForEvent('download');
    await chooseFromAccountMenu(page, 'Export all conversations');
    const path = join(await mkdtemp(join(tmpdir(), 'export-')), 'conversations.json');
    await (await download).saveAs(path);
    const file = ConversationFile.parse(JSON.parse(await readFile(path, 'utf8')));
    expect(file.conversations.map((c) => [c.name, c.storage]).sort()).toEqual([
      ['Kept here first', 'future-local'],
      [q1, 'future-cloud'],
      [q1, 'future-cloud'],
    ]);
  });

  it('the conversation menu and the import dialog on a phone, light and dark: nothing scrolls sideways (screenshots)', async () => {
    const { page } = u;
    await page.setViewportSize({ width: 390, height: 844 });
    // The phone's layout first (the sidebar a drawer), not the desktop's still drawn.
    await page.getByRole('button', { name: 'Open sidebar' }).waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await chooseTheme(page, theme);
      await openDrawer(page);
      await (await menuEntry(page, 'Export', 'Kept here first')).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(tmpdir(), `export-menu-phone-${theme}.png`) });
      await chooseFromAccountMenu(page, 'Import conversations');
      const dialog = page.getByRole('dialog', { name: 'Import conversations' });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByRole('alert').getByText('Choose a file to import.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(tmpdir(), `export-import-phone-${theme}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await closeDrawer(page);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

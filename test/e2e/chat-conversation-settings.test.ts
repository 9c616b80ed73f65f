import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { conversationSettingsMessages, userSettingsRoutes, type ConversationStorage } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { signIn, type SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { type ModelServer } from './support/chat-platform';
import { chooseTheme } from './support/account-menu';
import { answers } from './support/chat-page';

const admin = 'admin@example.com';
const user = 'remembers@example.com';
const modelA = testChatModel({ id: 'model-a', name: 'Model A' });
const modelB = testChatModel({ id: 'model-b', name: 'Model B' });
const shots = '/tmp';

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [modelA, modelB] });
  ({ platform, models, browser, u } = fixture);
});

afterAll(() => fixture?.close());

const modelPicker = (page: Page): Locator => page.getByRole('combobox', { name: 'Model' });
const settingsDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Conversation settings' });

/** Sends a message and waits for its whole answer. */
const ask = async (page: Page, question: string) => {
  const before = await answers(page).count();
  models.behave({ tokens: ['An', ' answer.'] });
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  await answers(page).last().getByLabel('Usage').waitFor();
};

/** What the model server received last: the model, the temperature and the system messages' text. */
const lastReceived = () => {
  const body = models.requests.at(-1)?.body ?? {};
  const messages = Array.isArray(body['messages'])
    ? (body['messages'] as { role: string; content: unknown }[])
    : [];
  return {
    model: body['model'],
    temperature: body['temperature'],
    system: messages
      .filter((m) => m.role === 'system')
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
      .join('\n'),
  };
};

/** The user's conversation storage, as the account menu would save it (read at the next load). */
const useStorage = async (session: SignedIn, storage: ConversationStorage) => {
  const saved = await session.context.request.post(`${platform.url}${userSettingsRoutes.save}`, {
    headers: { origin: platform.url },
    data: { conversationStorage: storage },
  });
  expect(saved.status()).toBe(200);
  await session.page.reload();
};

/** Opens the conversation whose name starts with `title`, and waits for its messages (its first is `title`). */
const openConversation = async (page: Page, title: string) => {
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .click();
  await page.getByRole('article', { name: 'Your message' }).filter({ hasText: title }).first().waitFor();
  await answers(page).first().waitFor();
};

const newConversation = async (page: Page) => {
  await page.getByRole('button', { name: /^New (chat|conversation)$/ }).click();
  await expect.poll(() => answers(page).count()).toBe(0);
};

/** Opens the settings, types them and saves; the dialog closes. */
const saveSettings = async (page: Page, instructions: string, temperature: string) => {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const dialog = settingsDialog(page);
  await dialog.getByRole('textbox', { name: 'Instructions' }).fill(instructions);
  await dialog.getByRole('textbox', { name: 'Temperature' }).fill(temperature);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
};

describe('the conversation remembers its model', () => {
  it('after a reload the picker shows the model each conversation used, and the next message goes there', async () => {
    const { page } = u;
    await useStorage(u, 'future-cloud');
    await modelPicker(page).selectOption('model-b');
    await ask(page, 'Conversation one');
    expect(lastReceived().model).toBe('model-b');
    await newConversation(page);
    await modelPicker(page).selectOption('model-a');
    await ask(page, 'Conversation two');
    expect(lastReceived().model).toBe('model-a');

    await page.reload();
    await openConversation(page, 'Conversation one');
    await expect.poll(() => modelPicker(page).inputValue()).toBe('model-b');
    await ask(page, 'Still one');
    expect(lastReceived().model).toBe('model-b');
    await openConversation(page, 'Conversation two');
    await expect.poll(() => modelPicker(page).inputValue()).toBe('model-a');
    expect(u.errors).toEqual([]);
  });
});

describe('the conversation keeps its settings', () => {
  it('refuses a temperature out of range with the words of the contract, and Cancel keeps what was saved', async () => {
    const { page } = u;
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const dialog = settingsDialog(page);
    await dialog.getByRole('textbox', { name: 'Temperature' }).fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(conversationSettingsMessages.temperatureRange).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a cloud conversation: instructions and temperature reach the model server, after a reload and in another browser', async () => {
    const { page } = u;
    await saveSettings(page, 'Answer in French', '0.3');
    await ask(page, 'Bonjour?');
    expect(lastReceived()).toMatchObject({ model: 'model-a', temperature: 0.3 });
    expect(lastReceived().system).toContain('Answer in French');

    await page.reload();
    await openConversation(page, 'Conversation two');
    await ask(page, 'Encore?');
    expect(lastReceived()).toMatchObject({ model: 'model-a', temperature: 0.3 });
    expect(lastReceived().system).toContain('Answer in French');

    const other = await signIn(browser, platform.url, user);
    try {
      await openConversation(other.page, 'Conversation two');
      await expect.poll(() => modelPicker(other.page).inputValue()).toBe('model-a');
      await ask(other.page, 'Et ici?');
      expect(lastReceived()).toMatchObject({ model: 'model-a', temperature: 0.3 });
      expect(lastReceived().system).toContain('Answer in French');
      await other.page.getByRole('button', { name: 'Conversation settings' }).click();
      const dialog = settingsDialog(other.page);
      expect(await dialog.getByRole('textbox', { name: 'Instructions' }).inputValue()).toBe(
        'Answer in French',
      );
      expect(await dialog.getByRole('textbox', { name: 'Temperature' }).inputValue()).toBe('0.3');
      expect(other.errors).toEqual([]);
    } finally {
      await other.context.close();
    }

    // Conversation one has none: the default temperature, no instructions.
    await openConversation(page, 'Conversation one');
    await expect.poll(() => modelPicker(page).inputValue()).toBe('model-b');
    await ask(page, 'And one?');
    expect(lastReceived()).toMatchObject({ model: 'model-b', temperature: 1 });
    expect(lastReceived().system).not.toContain('Answer in French');
  });

  it('a local conversation: settings chosen before its first message are kept with it, also after a reload', async () => {
    // A browser of its own: nothing of the cloud conversations' requests to resume there.
    const local = await signIn(browser, platform.url, user);
    const { page } = local;
    await useStorage(local, 'future-local');
    await newConversation(page);
    await modelPicker(page).selectOption('model-b');
    await saveSettings(page, 'Answer in German', '0.5');
    await ask(page, 'Local question');
    expect(lastReceived()).toMatchObject({ model: 'model-b', temperature: 0.5 });
    expect(lastReceived().system).toContain('Answer in German');

    await modelPicker(page).selectOption('model-a');
    await page.reload();
    await openConversation(page, 'Local question');
    await expect.poll(() => modelPicker(page).inputValue()).toBe('model-b');
    await ask(page, 'Local again');
    expect(lastReceived()).toMatchObject({ model: 'model-b', temperature: 0.5 });
    expect(lastReceived().system).toContain('Answer in German');
    expect(local.errors).toEqual([]);
    await local.context.close();
  });

  it('the dialog on a desktop and a phone, light and dark (screenshots)', async () => {
    const { page } = u;
    for (const theme of ['light', 'dark'] as const) {
      // The theme is chosen on the desktop (the account menu at the sidebar's foot), then the phone.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('button', { name: 'Open sidebar' }).waitFor({ state: 'detached' });
      await chooseTheme(page, theme);
      for (const [size, viewport] of [
        ['desktop', { width: 1440, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        if (size === 'phone') await page.getByRole('button', { name: 'Open sidebar' }).waitFor();
        // The drawer's slide out, started by the narrower screen, has ended.
        await page.waitForFunction(() => document.getAnimations().length === 0);
        await page.getByRole('button', { name: 'Conversation settings' }).click();
        const dialog = settingsDialog(page);
        await dialog.getByRole('textbox', { name: 'Temperature' }).fill('2.5');
        await dialog.getByText(conversationSettingsMessages.temperatureRange).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.screenshot({ path: `${shots}/settings-${size}-${theme}.png` });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

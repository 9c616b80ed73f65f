import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chatImageMessages, userSettingsRoutes, type ConversationStorage } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { type SignedIn } from './support/browser';
import { chooseTheme, openDrawer } from './support/account-menu';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { type ModelServer } from './support/chat-platform';
import { answers, sendMessage, userMessages } from './support/chat-page';

const admin = 'admin@example.com';
const user = 'images@example.com';
const vision = testChatModel({ id: 'vision-model', name: 'Vision Model', supportsImages: true });
const textOnly = testChatModel({ id: 'text-model', name: 'Text Model', supportsImages: false });

/** A PNG of `size`×`size` pixels, a teal gradient, written here (its bytes are what the model must receive). */
const gradientPng = (size: number): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // 8 bits a channel
  header[9] = 2; // RGB
  const row = size * 3 + 1;
  const pixels = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) pixels.set([15 + x, 155 - y, 142 + (y >> 1)], y * row + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
const png = gradientPng(96);

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [vision, textOnly] });
  ({ platform, models, browser, u } = fixture);
});

afterAll(() => fixture?.close());

const completions = () => models.requests.filter((r) => r.url.includes('/chat/completions'));

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

const chooseModel = async (page: Page, id: string) => {
  const select = page.getByRole('combobox', { name: 'Model' });
  await select.selectOption(id);
  await expect.poll(() => select.inputValue()).toBe(id);
};

/** Picks the PNG with the attach button; it shows as a thumbnail in the tray once uploaded. */
const attachPng = async (page: Page, name: string) => {
  await page.getByLabel('Files to attach').setInputFiles([{ name, mimeType: 'image/png', buffer: png }]);
  const chip = page.getByRole('listitem', { name: `Attachment ${name}` });
  await chip.getByRole('img', { name: `Thumbnail of ${name}` }).waitFor();
  await expect.poll(() => chip.getAttribute('data-phase'), { timeout: 30_000 }).toBe('done');
};

/** The thumbnail of `name` in the last user message, loaded (its natural width is the PNG's). */
const thumbnailLoaded = async (page: Page, name: string) => {
  const img = userMessages(page).last().getByRole('img', { name });
  await img.waitFor();
  await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(96);
};

const shoot = async (page: Page, name: string) => {
  await page.screenshot({ path: `/tmp/images-${name}.png` });
};

describe.each([
  ['local', 'future-local'],
  ['cloud', 'future-cloud'],
] as const)('an image in a %s conversation', (name, storage) => {
  it('goes to a model that supports images as an image part, and shows as a thumbnail, also after a reload', async () => {
    const { page } = u;
    await useStorage(u, storage);
    await newConversation(page);
    await chooseModel(page, vision.id);
    const file = `teal-${name}.png`;
    await attachPng(page, file);
    const before = completions().length;
    await sendMessage(page, `What colour is this square? (${name})`);
    await answers(page).last().getByLabel('Usage').waitFor();
    expect(completions().length).toBe(before + 1);
    const messages = completions().at(-1)?.body['messages'] as { role: string; content: unknown }[];
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: `What colour is this square? (${name})` },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
      ],
    });
    await thumbnailLoaded(page, file);
    // The image went as an image: the tray is empty, and no document was searched for it.
    await expect.poll(() => page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);
    if (storage === 'future-local') {
      await shoot(page, 'desktop-light');
      await chooseTheme(page, 'dark');
      await shoot(page, 'desktop-dark');
      await chooseTheme(page, 'light');
    }
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByText(`What colour is this square? (${name})`)
      .click();
    await thumbnailLoaded(page, file);
    expect(u.errors).toEqual([]);
  });
});

describe('an image to a model without image support', () => {
  it('is refused with the message naming the models that take images, and the model server receives nothing', async () => {
    const { page } = u;
    await newConversation(page);
    await chooseModel(page, textOnly.id);
    await attachPng(page, 'refused.png');
    const refusal = chatImageMessages.notSupported(textOnly.name, [vision.name]);
    // The tray says so before anything is sent.
    await page.getByText(refusal, { exact: true }).first().waitFor();
    const before = completions().length;
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/chat') && r.request().method() === 'POST',
    );
    await sendMessage(page, 'Describe this picture');
    expect((await answered).status()).toBe(400);
    await answers(page).last().getByText(refusal, { exact: true }).waitFor();
    await shoot(page, 'refused');
    expect(completions().length).toBe(before);
  });
});

describe('thumbnails on a phone', () => {
  it('fit the screen, in the message and in the tray', async () => {
    const context = await browser.newContext({
      baseURL: platform.url,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      await context.addCookies(await u.context.cookies());
      const page = await context.newPage();
      await page.goto('/');
      // The conversation list sits in a drawer on a phone, once there is one.
      await openDrawer(page);
      await page
        .getByRole('navigation', { name: 'Conversations' })
        .getByText('What colour is this square? (cloud)')
        .click();
      await thumbnailLoaded(page, 'teal-cloud.png');
      await page
        .getByLabel('Files to attach')
        .setInputFiles([{ name: 'phone.png', mimeType: 'image/png', buffer: png }]);
      await page.getByRole('img', { name: 'Thumbnail of phone.png' }).waitFor();
      await expect
        .poll(() => page.getByRole('listitem', { name: 'Attachment phone.png' }).getAttribute('data-phase'))
        .toBe('done');
      await userMessages(page).last().scrollIntoViewIfNeeded();
      await shoot(page, 'phone-light');
      await chooseTheme(page, 'dark');
      await shoot(page, 'phone-dark');
      await chooseTheme(page, 'light');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});

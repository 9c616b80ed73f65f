import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminMessages } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, openAdmin, seeToast, signIn } from './support/browser';
import { askAndWait, answers } from './support/chat-page';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';
import { startTestPlatform, type TestPlatform } from './support/platform';

const admin = 'admin@example.com';
const user = 'user@example.com';
let platform: TestPlatform;
/** The server the admin adds models from: it lists two. */
let server: ModelServer;
/** The model the platform is configured with first (the default models need one). */
let first: ModelServer;
let browser: Browser;

beforeAll(async () => {
  server = await startModelServer({ models: ['llama-3', 'qwen-2'] });
  first = await startModelServer();
  // The embedded platform's OUTBOUND_ALLOW lists loopback: both servers may do without a key.
  platform = await startTestPlatform([admin]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
  await server?.close();
  await first?.close();
});

describe("'Add models from a server'", () => {
  it('lists the server’s models; both ticked are added in one save, their endpoints tested; a user chats with one', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    await configureChatModels(context, platform.url, first, [testChatModel()]);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: /^OpenAi Endpoints/ }).click();
    const card = dialog.getByRole('region', { name: 'Add models from a server' });
    await card.getByLabel('Server url').fill(server.origin);
    await card.getByRole('button', { name: 'List models' }).click();

    const table = card.getByRole('table', { name: 'Models of the server' });
    await table.getByRole('checkbox', { name: 'Add llama-3' }).waitFor();
    expect(await table.getByRole('checkbox').count()).toBe(2);
    expect(server.requests.some((r) => r.url === '/v1/models')).toBe(true);
    for (const id of ['llama-3', 'qwen-2']) {
      await table.getByRole('checkbox', { name: `Add ${id}` }).check();
      await table.getByLabel(`Input Context Window of ${id}`).fill('8000');
      await table.getByLabel(`Output Token Limit of ${id}`).fill('1000');
      await table.getByLabel(`Input Token Cost per 1k of ${id}`).fill('0.0001');
      await table.getByLabel(`Output Token Cost per 1k of ${id}`).fill('0.0002');
    }
    await page.screenshot({ path: '/work/notes/shots/model-connections-from-server.png' });
    // On a phone the table scrolls in its own box: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await table.scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/work/notes/shots/model-connections-from-server-phone.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.getByRole('button', { name: 'Add selected models (2)' }).click();
    await card.getByRole('status').waitFor();

    const chatUrl = `${server.origin}/v1/chat/completions`;
    for (const id of ['llama-3', 'qwen-2']) {
      const model = dialog.getByRole('region', { name: `Model ${id}`, exact: true });
      expect(await model.getByLabel('Url of endpoint 1').inputValue()).toBe(chatUrl);
    }
    await dialog.getByRole('tab', { name: 'Supported Models *' }).waitFor();

    const tested = server.requests.length;
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, adminMessages.saved);
    // Each new endpoint was tested on save; no warning: both have one.
    expect(server.requests.slice(tested).filter((r) => r.url === '/v1/chat/completions')).toHaveLength(2);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await dialog.getByRole('tab', { name: 'Supported Models', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const u = await signIn(browser, platform.url, user);
    const picker = u.page.getByRole('combobox', { name: 'Model' });
    await expect.poll(() => picker.locator('option[value="qwen-2"]').count()).toBe(1);
    await picker.selectOption('qwen-2');
    const before = server.requests.length;
    await askAndWait(u.page, 'Hello there');
    await answers(u.page).last().getByText('Hello from the test model.').waitFor();
    const asked = server.requests.slice(before).find((r) => r.url === '/v1/chat/completions');
    expect(asked?.body['model']).toBe('qwen-2');
    expect(u.errors).toEqual([]);
    await u.context.close();
  });
});

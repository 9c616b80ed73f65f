import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  assistantLookupMessages,
  assistantMessages,
  assistantPathPublishingFlag,
  assistantPathMessages,
  assistantRoutes,
  ConfigsResponse,
  routes,
  standardConversation,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, seeToast, signIn, type SignedIn } from './support/browser';
import { chooseFromAccountMenu } from './support/account-menu';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';
import { answers, sendMessage } from './support/chat-page';

const admin = 'admin@example.com';
const owner = 'owner@example.com';
const friend = 'friend@example.com';
const stranger = 'stranger@example.com';
const model = testChatModel();
const instructions = 'You are the Harbour Guide. Always mention the tide tables of Port Elwin.';

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let o: SignedIn;

/** Turns the publishing flag on for everyone, keeping the flags already there. */
const enablePublishing = async (context: BrowserContext) => {
  const configs = ConfigsResponse.parse(
    await (await context.request.get(`${platform.url}${routes.configs}`)).json(),
  );
  const flags = {
    ...configs.data.featureFlags,
    [assistantPathPublishingFlag]: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
  };
  const saved = await context.request.post(`${platform.url}${routes.configsUpdate}`, {
    headers: { origin: platform.url },
    data: { configurations: [{ type: 'featureFlags', data: flags }] },
  });
  expect(saved.status()).toBe(200);
};

/** Another user's assistant, published at `astPath` (through the routes, as their browser would). */
const publishElsewhere = async (context: BrowserContext, astPath: string) => {
  const headers = { origin: platform.url };
  const created = await context.request.post(`${platform.url}${assistantRoutes.create}`, {
    headers,
    data: { name: 'Taken One', instructions: 'x' },
  });
  expect(created.status()).toBe(200);
  const { data } = (await created.json()) as { data: { assistantId: string } };
  const published = await context.request.post(`${platform.url}${assistantRoutes.addPath}`, {
    headers,
    data: { assistantId: data.assistantId, astPath, isPublic: true },
  });
  expect(published.status()).toBe(200);
};

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  models = await startModelServer();
  browser = await launchBrowser();
  adminSession = await signIn(browser, platform.url, admin);
  await configureChatModels(adminSession.context, platform.url, models, [model]);
  o = await signIn(browser, platform.url, owner);
});

afterAll(async () => {
  await adminSession?.context.close();
  await o?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
});

const picker = (page: Page): Locator => page.getByRole('combobox', { name: 'Assistant' });
const manager = (page: Page): Locator => page.getByRole('dialog', { name: 'My Assistants' });

/** The chat requests the model server saw whose messages carry `text`. */
const modelRequestsWith = (text: string) =>
  models.requests.filter((r) => r.url.includes('/chat/completions') && JSON.stringify(r.body).includes(text));

/** The option the picker shows as chosen. */
const chosenName = (page: Page) =>
  picker(page).evaluate((el) => (el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : ''));

describe('assistants in the chat', () => {
  it('the Standard Conversation is chosen by default: no assistant will be used', async () => {
    const { page } = o;
    await expect.poll(() => chosenName(page)).toBe(standardConversation.name);
    await expect
      .poll(() => page.getByLabel('Assistant description').textContent())
      .toBe(standardConversation.description);
  });

  it('creates an assistant in the dialog; the picker offers it', async () => {
    const { page } = o;
    await chooseFromAccountMenu(page, 'Assistants');
    await manager(page).getByText('No assistants yet.').waitFor();
    await manager(page).getByRole('button', { name: 'Create Assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Assistant' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('alert').getByText(assistantMessages.nameRequired).waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Harbour Guide');
    await dialog.getByLabel('Description', { exact: true }).fill('Knows the harbour.');
    await dialog.getByLabel('Instructions', { exact: true }).fill(instructions);
    await dialog.getByLabel('Disclaimer', { exact: true }).fill('Check the tide tables yourself.');
    await dialog.getByLabel('Tags (comma-separated)').fill('harbour, tides');
    await dialog.getByRole('region', { name: 'Tools' }).getByText('No ops available.').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await seeToast(page, assistantMessages.created);
    await manager(page).getByRole('listitem', { name: 'Harbour Guide' }).waitFor();
    await page.screenshot({ path: '/tmp/assistants-created.png' });
    await manager(page).getByRole('button', { name: 'Close' }).click();
    await picker(page)
      .locator('optgroup[label="My assistants"] option', { hasText: 'Harbour Guide' })
      .waitFor({ state: 'attached' });
  });

  it("chosen in the chat, the request carries its id, temperature 0.7 and half the model's output limit", async () => {
    const { page } = o;
    await picker(page).selectOption({ label: 'Harbour Guide' });
    await expect
      .poll(() => page.getByLabel('Assistant description').textContent())
      .toBe('Knows the harbour.');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST');
    await sendMessage(page, 'When is high tide in the harbour?');
    const body = (await sent).postDataJSON() as {
      temperature: number;
      max_tokens: number;
      options: { assistantId?: string };
    };
    expect(body.options.assistantId).toMatch(/^astp\//);
    expect(body.temperature).toBe(0.7);
    expect(body.max_tokens).toBe(model.outputTokenLimit / 2);
    await answers(page).last().getByText('Hello from the test model.').waitFor();
    expect(
      modelRequestsWith('When is high tide in the harbour?').some((r) =>
        JSON.stringify(r.body).includes(instructions),
      ),
    ).toBe(true);
    expect(o.errors).toEqual([]);
  });
});

describe('publishing an assistant at a path', () => {
  const openPublish = async (page: Page): Promise<Locator> => {
    await chooseFromAccountMenu(page, 'Assistants');
    await manager(page)
      .getByRole('listitem', { name: 'Harbour Guide' })
      .getByRole('button', { name: 'Publish' })
      .click();
    return page.getByRole('dialog', { name: 'Publish Assistant Path' });
  };
  const status = (dialog: Locator) => dialog.getByRole('status');
  const typePath = async (dialog: Locator, path: string, message: string, state: string) => {
    await dialog.getByLabel('Path', { exact: true }).fill(path);
    await status(dialog).getByText(message, { exact: true }).waitFor();
    expect(await status(dialog).getAttribute('data-state')).toBe(state);
  };

  it('is offered only once the publishing flag is on', async () => {
    const { page } = o;
    await chooseFromAccountMenu(page, 'Assistants');
    const row = manager(page).getByRole('listitem', { name: 'Harbour Guide' });
    await row.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await row.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await manager(page).getByRole('button', { name: 'Close' }).click();
    await enablePublishing(adminSession.context);
    await publishElsewhere(adminSession.context, 'taken-path');
    await openPublish(page);
  });

  it('shows every rule of the path check in its words, the help text beside it', async () => {
    const { page } = o;
    const dialog = page.getByRole('dialog', { name: 'Publish Assistant Path' });
    await dialog.getByText(assistantPathMessages.helpText).waitFor();
    await status(dialog).getByText(assistantPathMessages.empty).waitFor();
    expect(await dialog.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await typePath(dialog, 'My Path', assistantPathMessages.characters, 'invalid');
    expect(await dialog.getByLabel('Path', { exact: true }).inputValue()).toBe('my path');
    await typePath(dialog, 'ab', assistantPathMessages.tooShort, 'invalid');
    await typePath(dialog, 'harbour-guide-of-port', assistantPathMessages.tooLong, 'invalid');
    await typePath(dialog, '/harbour', assistantPathMessages.slashAtEnds, 'invalid');
    await typePath(dialog, 'harbour//guide', assistantPathMessages.consecutiveSlashes, 'invalid');
    await typePath(dialog, 'port/Admin', assistantPathMessages.reservedTerm('admin'), 'invalid');
    await typePath(dialog, '', assistantPathMessages.empty, 'empty');
    await typePath(dialog, 'shit-guide', assistantPathMessages.inappropriate, 'invalid');
    await typePath(dialog, 'taken-path', assistantPathMessages.taken, 'invalid');
    expect(await dialog.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/assistants-path-taken.png' });
  });

  it('a check that cannot be made says so and is asked again; a free path is available', async () => {
    const { page } = o;
    const dialog = page.getByRole('dialog', { name: 'Publish Assistant Path' });
    let refused = 0;
    await page.route(`**${assistantRoutes.checkPath}`, async (route) => {
      refused++;
      await route.abort();
    });
    await typePath(dialog, 'harbour-guide', assistantPathMessages.checkFailed, 'invalid');
    await page.unroute(`**${assistantRoutes.checkPath}`);
    expect(refused).toBeGreaterThan(0);
    await typePath(dialog, 'harbour-guid', assistantPathMessages.available, 'valid');
    await typePath(dialog, 'harbour-guide', assistantPathMessages.available, 'valid');
    await page.screenshot({ path: '/tmp/assistants-path-available.png' });
  });

  it('publishes restricted to a user; the path is then its Current Path', async () => {
    const { page } = o;
    const dialog = page.getByRole('dialog', { name: 'Publish Assistant Path' });
    await dialog.getByLabel('Restrict to Amplify groups and users').check();
    const users = dialog.getByLabel('Users', { exact: true });
    await users.fill(owner);
    await users.press('Enter');
    await dialog.getByRole('tooltip').getByText('Invalid or duplicate entry').waitFor();
    await users.fill(friend);
    await users.press('Enter');
    await dialog.getByRole('list', { name: 'Users with access' }).getByText(friend).waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await seeToast(page, assistantMessages.published);
    const row = manager(page).getByRole('listitem', { name: 'Harbour Guide' });
    await row.getByText('/assistants/harbour-guide · Restricted Access').waitFor();
    await row.getByRole('button', { name: 'Publish' }).click();
    const again = page.getByRole('dialog', { name: 'Publish Assistant Path' });
    expect(await again.getByLabel('Path', { exact: true }).inputValue()).toBe('harbour-guide');
    await status(again).getByText(assistantPathMessages.current, { exact: true }).waitFor();
    expect(await status(again).getAttribute('data-state')).toBe('valid');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await manager(page).getByRole('button', { name: 'Close' }).click();
    expect(o.errors).toEqual([]);
  });
});

describe('the page at /assistants/{path}', () => {
  it('opens a chat with the assistant for a user it is published to; the model gets its instructions', async () => {
    const f = await signIn(browser, platform.url, friend);
    try {
      await f.page.goto('/assistants/Harbour-Guide');
      await f.page.getByRole('button', { name: 'Account menu' }).waitFor();
      await expect.poll(() => chosenName(f.page)).toBe('Harbour Guide');
      await sendMessage(f.page, 'Which tide table should I read?');
      await answers(f.page).last().getByText('Hello from the test model.').waitFor();
      const seen = modelRequestsWith('Which tide table should I read?');
      expect(seen.some((r) => JSON.stringify(r.body).includes(instructions))).toBe(true);
      await f.page.screenshot({ path: '/tmp/assistants-page-opened.png' });
      // Its path, read-only: Restricted Access.
      await chooseFromAccountMenu(f.page, 'Assistants');
      await manager(f.page)
        .getByRole('list', { name: 'Shared with me' })
        .getByRole('listitem', { name: 'Harbour Guide' })
        .getByRole('button', { name: 'View path' })
        .click();
      const readOnly = f.page.getByRole('dialog', { name: 'Publish Assistant Path' });
      await readOnly.getByText('/assistants/harbour-guide', { exact: true }).waitFor();
      await readOnly.getByText('Restricted Access', { exact: true }).waitFor();
      expect(await readOnly.getByRole('textbox').count()).toBe(0);
      await readOnly.getByRole('button', { name: 'Close' }).click();
      await manager(f.page).getByRole('button', { name: 'Close' }).click();
      expect(f.errors).toEqual([]);
    } finally {
      await f.context.close();
    }
  });

  it('refuses a user it is not published to, and says when no assistant is at a path', async () => {
    // Signed in on the assistant's page itself: the app is served there and reads its path.
    const context = await browser.newContext({
      baseURL: platform.url,
      viewport: { width: 1440, height: 900 },
    });
    const s = { context, page: await context.newPage() };
    try {
      await s.page.goto('/assistants/harbour-guide');
      await s.page.getByLabel('Email').fill(stranger);
      await s.page.getByRole('button', { name: 'Sign in' }).click();
      const refusal = s.page.getByRole('alertdialog', { name: 'Published assistant' });
      await refusal.getByText(assistantLookupMessages.forbidden, { exact: true }).waitFor();
      await s.page.screenshot({ path: '/tmp/assistants-page-refused.png' });
      await refusal.getByRole('button', { name: 'Go to chat' }).click();
      await refusal.waitFor({ state: 'detached' });
      expect(new URL(s.page.url()).pathname).toBe('/');
      expect(await chosenName(s.page)).toBe(standardConversation.name);
      await s.page.goto('/assistants/no-such-path');
      await s.page
        .getByRole('alertdialog', { name: 'Published assistant' })
        .getByText(assistantLookupMessages.notFound, { exact: true })
        .waitFor();
    } finally {
      await s.context.close();
    }
  });
});

describe('changing and deleting an assistant', () => {
  it('an edit saves a new version; a deleted assistant leaves the picker, which falls back to the Standard Conversation', async () => {
    const { page } = o;
    await picker(page).selectOption({ label: 'Harbour Guide' });
    await chooseFromAccountMenu(page, 'Assistants');
    await manager(page)
      .getByRole('listitem', { name: 'Harbour Guide' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Assistant' });
    expect(await dialog.getByLabel('Instructions', { exact: true }).inputValue()).toBe(instructions);
    expect(await dialog.getByLabel('Tags (comma-separated)').inputValue()).toBe('harbour, tides');
    await dialog.getByLabel('Name', { exact: true }).fill('Harbour Pilot');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, assistantMessages.versionCreated);
    const row = manager(page).getByRole('listitem', { name: 'Harbour Pilot' });
    await row.getByText('/assistants/harbour-guide · Restricted Access').waitFor();
    await expect.poll(() => chosenName(page)).toBe('Harbour Pilot');
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Assistant' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, assistantMessages.deleted);
    await manager(page).getByText('No assistants yet.').waitFor();
    await manager(page).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => chosenName(page)).toBe(standardConversation.name);
    expect(await picker(page).locator('option', { hasText: 'Harbour Pilot' }).count()).toBe(0);
    expect(o.errors).toEqual([]);
  });
});

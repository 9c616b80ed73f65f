import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  assistantCreator,
  assistantLookupMessages,
  assistantMessages,
  assistantPathMessages,
  assistantPathPublishingFlag,
  blockTexts,
  ConfigsResponse,
  routes,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, seeToast, signIn, type SignedIn } from './support/browser';
import { chooseFromAccountMenu } from './support/account-menu';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';
import { answers, sendMessage } from './support/chat-page';

/**
 * The whole journey of an assistant, in one browser: the Assistant Creator's
 * reply drafts an assistant, the user creates it by clicking, publishes it at a path restricted to a
 * friend; the friend opens it at /assistants/<path> and chats with it; a stranger is refused.
 */
const admin = 'admin@example.com';
const owner = 'journey-owner@example.com';
const friend = 'journey-friend@example.com';
const stranger = 'journey-stranger@example.com';
const model = testChatModel();
const draft = {
  name: 'Ferry Guide',
  description: 'Knows the ferry times.',
  instructions: 'You are the Ferry Guide. Always name the pier of Port Elwin.',
  disclaimer: 'Check the timetable at the pier.',
};

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let a: SignedIn;
let o: SignedIn;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  models = await startModelServer();
  browser = await launchBrowser();
  a = await signIn(browser, platform.url, admin);
  await configureChatModels(a.context, platform.url, models, [model]);
  const configs = ConfigsResponse.parse(
    await (await a.context.request.get(`${platform.url}${routes.configs}`)).json(),
  );
  const saved = await a.context.request.post(`${platform.url}${routes.configsUpdate}`, {
    headers: { origin: platform.url },
    data: {
      configurations: [
        {
          type: 'featureFlags',
          data: {
            ...configs.data.featureFlags,
            [assistantPathPublishingFlag]: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
          },
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  o = await signIn(browser, platform.url, owner);
});

afterAll(async () => {
  await a?.context.close();
  await o?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
});

const picker = (page: Page): Locator => page.getByRole('combobox', { name: 'Assistant' });

describe('from the Assistant Creator to a published assistant', () => {
  it("the Creator's assistant block creates the assistant on click; it is published at a path", async () => {
    const { page } = o;
    await picker(page).selectOption({ label: assistantCreator.name });
    models.behave({
      tokens: ['Here is your draft.\n\n', '```assistant\n', JSON.stringify(draft), '\n```\n'],
    });
    await sendMessage(page, 'Make me an assistant for the ferry');
    const block = answers(page).last().getByRole('region', { name: 'Assistant draft', exact: true });
    await block.getByRole('button', { name: blockTexts.createAssistant }).click();
    await block.getByRole('status').getByText(blockTexts.assistantCreated(draft.name)).waitFor();

    await chooseFromAccountMenu(page, 'Assistants');
    const manager = page.getByRole('dialog', { name: 'My Assistants' });
    await manager
      .getByRole('listitem', { name: draft.name })
      .getByRole('button', { name: 'Publish' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Publish Assistant Path' });
    const path = dialog.getByLabel('Path', { exact: true });
    await path.fill('admin/ferry');
    await dialog.getByRole('status').getByText(assistantPathMessages.reservedTerm('admin')).waitFor();
    await path.fill('Ferry-Guide');
    expect(await path.inputValue()).toBe('ferry-guide');
    await dialog.getByRole('status').getByText(assistantPathMessages.available, { exact: true }).waitFor();
    await dialog.getByLabel('Restrict to Amplify groups and users').check();
    const users = dialog.getByLabel('Users', { exact: true });
    await users.fill(friend);
    await users.press('Enter');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await seeToast(page, assistantMessages.published);
    await manager
      .getByRole('listitem', { name: draft.name })
      .getByText('/assistants/ferry-guide · Restricted Access')
      .waitFor();
    expect(o.errors).toEqual([]);
  });

  it('the friend it is published to chats with it at /assistants/ferry-guide; a stranger is refused', async () => {
    const f = await signIn(browser, platform.url, friend);
    try {
      await f.page.goto('/assistants/ferry-guide');
      await expect
        .poll(() =>
          picker(f.page).evaluate((el) =>
            el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : '',
          ),
        )
        .toBe(draft.name);
      models.behave({ tokens: ['The ferry leaves', ' from the north pier.'] });
      await sendMessage(f.page, 'When does the ferry leave?');
      await answers(f.page).last().getByText('The ferry leaves from the north pier.').waitFor();
      const asked = models.requests.filter((r) =>
        JSON.stringify(r.body).includes('When does the ferry leave?'),
      );
      expect(asked.some((r) => JSON.stringify(r.body).includes(draft.instructions))).toBe(true);
      expect(f.errors).toEqual([]);
    } finally {
      await f.context.close();
    }
    const s = await signIn(browser, platform.url, stranger);
    try {
      await s.page.goto('/assistants/ferry-guide');
      await s.page
        .getByRole('alertdialog', { name: 'Published assistant' })
        .getByText(assistantLookupMessages.forbidden, { exact: true })
        .waitFor();
    } finally {
      await s.context.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { routes, userAppConfigsRoute, type ConfigsUpdateResponse } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { type SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { configureChatModels, numberedTokens, type ModelServer } from './support/chat-platform';
import { askAndWait } from './support/chat-page';

const admin = 'admin@example.com';
const user = 'user@example.com';
// $1 and $2 per 1k tokens: an answer of 10 words to the model server's 10 prompt tokens costs $0.03.
const model = testChatModel({ inputTokenCost: 1, outputTokenCost: 2 });
const alertMessage = 'This conversation has cost <totalCost> over <prompts> prompts.';

let platform: TestPlatform;
let models: ModelServer;
let adminSession: SignedIn;
let u: SignedIn;
let fixture: ChatFixture;

/** The admin activates the Prompt Cost Alert with a tiny threshold, and waits until users read it. */
const activateAlert = async () => {
  const { request } = adminSession.context;
  const saved = await request.post(`${platform.url}${routes.configsUpdate}`, {
    headers: { origin: platform.url },
    data: {
      configurations: [{ type: 'promtCostAlert', data: { isActive: true, alertMessage, cost: 0.01 } }],
    },
  });
  expect(saved.status()).toBe(200);
  const { position } = (await saved.json()) as ConfigsUpdateResponse;
  const read = await request.get(`${platform.url}${userAppConfigsRoute}?waitFor=${position}`);
  expect(read.status()).toBe(200);
};

beforeAll(async () => {
  fixture = await startChatFixture({
    admin,
    user,
    prepare: async (f) => {
      ({ platform, models, adminSession } = f);
      await configureChatModels(adminSession.context, platform.url, models, [model]);
      await activateAlert();
    },
  });
  ({ platform, models, adminSession, u } = fixture);
});

afterAll(() => fixture?.close());

const costAlert = (page: Page): Locator => page.getByRole('alert', { name: 'Prompt cost alert' });

describe('the Prompt Cost Alert on the chat screen', () => {
  it('shows once the conversation costs more than the threshold, follows its cost, and can be dismissed', async () => {
    const { page } = u;
    await expect.poll(() => page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe(model.id);
    expect(await costAlert(page).count()).toBe(0);
    models.behave({ tokens: numberedTokens(10) });

    await askAndWait(page, 'First question');
    await expect
      .poll(() => costAlert(page).innerText())
      .toContain('This conversation has cost $0.03 over 1 prompts.');
    await page.screenshot({ path: '/tmp/chat-cost-alert.png' });

    // The next answer's cost re-evaluates the alert.
    await askAndWait(page, 'Second question');
    await expect
      .poll(() => costAlert(page).innerText())
      .toContain('This conversation has cost $0.06 over 2 prompts.');

    // Dismissed: gone for this conversation, even after one more answer.
    await costAlert(page).getByRole('button', { name: 'Dismiss the prompt cost alert' }).click();
    await costAlert(page).waitFor({ state: 'detached' });
    await askAndWait(page, 'Third question');
    await expect.poll(() => page.getByLabel('Cost of First question').innerText()).toBe('$0.09');
    expect(await costAlert(page).count()).toBe(0);

    // A new conversation starts under the threshold: no alert.
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    expect(await costAlert(page).count()).toBe(0);
    expect(u.errors).toEqual([]);
  });
});

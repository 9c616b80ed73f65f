import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  accountRoutes,
  chatMessages,
  costTierLegend,
  outputLimitLegend,
  userSettingsRoutes,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { chatText } from '../../web/src/chat/chat-text';
import { type SignedIn } from './support/browser';
import {
  chooseFromAccountMenu,
  chooseTheme,
  closeAccountMenu,
  openAccountMenu,
} from './support/account-menu';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { numberedTokens, type ModelServer } from './support/chat-platform';
import { answers, sendMessage } from './support/chat-page';

const admin = 'admin@example.com';
const user = 'user@example.com';
const fast = testChatModel();
const pricey = testChatModel({
  id: 'pricey-model',
  name: 'Pricey Model',
  inputTokenCost: 0.03,
  outputTokenCost: 0.06,
  outputTokenLimit: 200_000,
});

let platform: TestPlatform;
let models: ModelServer;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [fast, pricey] });
  ({ platform, models, u } = fixture);
});

afterAll(() => fixture?.close());

const conversations = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
const modelSelect = (page: Page): Locator => page.getByRole('combobox', { name: 'Model' });

/** Waits until the answer shows at least `words` words of the numbered answer. */
const waitForWords = (answer: Locator, words: number) =>
  answer.getByText(new RegExp(`\\bw${words - 1}\\b`)).waitFor();

describe('the chat screen', () => {
  it('preselects the default model; each option shows its tiers; the legend explains them', async () => {
    const { page } = u;
    await expect.poll(() => modelSelect(page).inputValue()).toBe(fast.id);
    const options = await modelSelect(page).locator('option').allTextContents();
    expect(options).toEqual([
      'Pricey Model · expensive · large output',
      'Test Chat Model · cheap · average output',
    ]);
    await page.getByRole('button', { name: 'Model tiers legend' }).click();
    const legend = page.getByRole('dialog', { name: 'Model tiers' });
    for (const text of [...Object.values(costTierLegend), ...Object.values(outputLimitLegend)])
      await legend.getByText(text, { exact: true }).waitFor();
    await legend.getByRole('button', { name: 'Close' }).click();
  });

  it('View Model Pricing lists every model; a hidden model leaves the selector; both it and the theme are kept', async () => {
    const { page } = u;
    await page.getByRole('button', { name: 'View Model Pricing' }).click();
    const pricing = page.getByRole('dialog', { name: 'Model Pricing' });
    const row = pricing.getByRole('row').filter({ hasText: 'Pricey Model' });
    await row.getByText('$0.0300').waitFor();
    await row.getByText('200,000').waitFor();
    await page.screenshot({ path: '/tmp/chat-pricing.png' });
    const saved = page.waitForResponse((r) => r.url().endsWith(userSettingsRoutes.save));
    await row.getByRole('checkbox', { name: 'Show Pricey Model' }).uncheck();
    expect((await saved).status()).toBe(200);
    await pricing.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => modelSelect(page).locator('option').allTextContents())
      .toEqual(['Test Chat Model · cheap · average output']);
    const themeSaved = page.waitForResponse((r) => r.url().endsWith(userSettingsRoutes.save));
    await chooseFromAccountMenu(page, 'Dark theme');
    expect((await themeSaved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => modelSelect(page).inputValue()).toBe(fast.id);
    await expect.poll(() => modelSelect(page).locator('option').count()).toBe(1);
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.screenshot({ path: '/tmp/chat-dark.png' });
    await chooseTheme(page, 'light');
  });

  it('sends a message and watches the answer stream with its status, then its usage and cost', async () => {
    const { page } = u;
    models.behave({ tokens: numberedTokens(40), tokenDelayMs: 60 });
    await sendMessage(page, 'Count to forty');
    const answer = answers(page).last();
    await answer.getByRole('status').getByText(chatMessages.askingModel(fast.name)).waitFor();
    await waitForWords(answer, 5);
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    await answer.getByLabel('Usage').waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy')).toBe('false');
    expect(await answer.innerText()).toContain(numberedTokens(40).join(''));
    const item = conversations(page).getByRole('listitem').filter({ hasText: 'Count to forty' });
    await expect.poll(() => item.getByLabel('Cost of Count to forty').innerText()).not.toBe('$0.00');
    const menu = await openAccountMenu(page);
    await expect.poll(() => menu.getByLabel('Spend').innerText()).not.toBe('Spent $0.00');
    await closeAccountMenu(page);
    await page.screenshot({ path: '/tmp/chat-screen.png' });
  });

  it('Stop ends the answer with what was received', async () => {
    const { page } = u;
    models.behave({ tokens: numberedTokens(400), tokenDelayMs: 100 });
    await sendMessage(page, 'Count to four hundred');
    const answer = answers(page).last();
    await waitForWords(answer, 3);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => answer.getAttribute('aria-busy')).toBe('false');
    await answer.getByText(chatText.stopped).waitFor();
    const text = await answer.innerText();
    expect(text).not.toContain(' w399');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => models.requests.at(-1)?.closedEarly).toBe(true);
    await page.screenshot({ path: '/tmp/chat-stopped.png' });
  });

  it('a model that ignores max_tokens: the answer stops at its bound and says why', async () => {
    const { page } = u;
    // The screen asks for 1,000 tokens: the relay stops the answer at 6,000 bytes, some 1,180 of these.
    models.behave({ tokens: numberedTokens(1500), tokenDelayMs: 2 });
    await sendMessage(page, 'Count without end');
    const answer = answers(page).last();
    // Said in the model's status line while it streams, and under the answer.
    await answer.getByText(chatMessages.stopReasons.maxTokens).first().waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy')).toBe('false');
    const text = await answer.innerText();
    expect(text).toContain(' w1000');
    expect(text).not.toContain(' w1499');
    await answer.locator('.chat-answer-note').getByText(chatMessages.stopReasons.maxTokens).waitFor();
    await expect.poll(() => models.requests.at(-1)?.closedEarly).toBe(true);
  });

  it("a model that fails: the relay's words show under the answer", async () => {
    const { page } = u;
    models.behave({ failWith: 500 });
    await sendMessage(page, 'This one fails');
    const answer = answers(page).last();
    await answer
      .getByRole('alert')
      .filter({ hasText: `The model '${fast.name}' could not answer` })
      .waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy')).toBe('false');
  });

  it('a reload while the answer streams reconnects, and the answer continues where it was', async () => {
    const { page } = u;
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    models.behave({ tokens: numberedTokens(60), tokenDelayMs: 80 });
    await sendMessage(page, 'Count to sixty');
    await waitForWords(answers(page).last(), 5);
    await page.reload();
    const answer = answers(page).last();
    await answer.getByLabel('Usage').waitFor();
    const text = await answer.innerText();
    // Every word once, in order: nothing lost, nothing shown twice.
    expect(text).toContain(numberedTokens(60).join(''));
    expect(text.match(/\bw5\b/g)).toHaveLength(1);
  });

  it('a second tab sees a new conversation at once, its answer streaming, then its cost', async () => {
    const second = await u.context.newPage();
    await second.goto('/');
    await second.getByRole('button', { name: 'New chat', exact: true }).waitFor();
    models.behave({ tokens: numberedTokens(400), tokenDelayMs: 100 });
    await u.page.getByRole('button', { name: 'New chat', exact: true }).click();
    await sendMessage(u.page, 'Seen from the other tab');
    const item = conversations(second).getByRole('listitem').filter({ hasText: 'Seen from the other tab' });
    await item.getByRole('button', { name: /^Seen from the other tab/ }).click();
    const followed = answers(second).last();
    await waitForWords(followed, 3);
    expect(await followed.getAttribute('aria-busy')).toBe('true');
    await u.page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => followed.getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => item.getByLabel('Cost of Seen from the other tab').innerText()).not.toBe('$0.00');

    // A rename and a deletion in one tab show in the other.
    const renamed = 'Renamed here';
    await conversations(u.page)
      .getByRole('button', { name: 'Conversation actions Seen from the other tab' })
      .click();
    await u.page.getByRole('menuitem', { name: 'Rename' }).click();
    await conversations(u.page).getByRole('textbox', { name: 'Conversation name' }).fill(renamed);
    await conversations(u.page).getByRole('textbox', { name: 'Conversation name' }).press('Enter');
    await conversations(second).getByText(renamed, { exact: true }).waitFor();
    await conversations(u.page)
      .getByRole('button', { name: `Conversation actions ${renamed}` })
      .click();
    await u.page
      .getByRole('menu', { name: `Actions for ${renamed}` })
      .getByRole('menuitem', { name: 'Delete' })
      .click();
    await u.page
      .getByRole('alertdialog', { name: 'Delete conversation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await conversations(u.page).getByText(renamed, { exact: true }).waitFor({ state: 'detached' });
    await conversations(second).getByText(renamed, { exact: true }).waitFor({ state: 'detached' });
    await second.close();
  });

  it('a conversation kept in the cloud comes back from the server after a reload', async () => {
    const { page } = u;
    const storage = page.getByRole('combobox', { name: 'Conversation storage' });
    const saved = page.waitForResponse((r) => r.url().endsWith(userSettingsRoutes.save));
    await openAccountMenu(page);
    await storage.selectOption({ label: 'Cloud' });
    expect((await saved).status()).toBe(200);
    // The choice is the user's setting: it is still there after a reload.
    await page.reload();
    await openAccountMenu(page);
    await expect.poll(() => storage.inputValue()).toBe('future-cloud');
    await closeAccountMenu(page);
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    models.behave({ tokens: numberedTokens(8) });
    await sendMessage(page, 'Kept on the server');
    await answers(page).last().getByLabel('Usage').waitFor();
    await page.reload();
    await conversations(page)
      .getByRole('button', { name: /^Kept on the server/ })
      .click();
    await page.getByRole('article', { name: 'Your message' }).getByText('Kept on the server').waitFor();
    await answers(page).getByText(numberedTokens(8).join('')).waitFor();
  });

  it("the account picker lists the default account first, then the user's", async () => {
    const { page, context } = u;
    const saved = await context.request.post(`${platform.url}${accountRoutes.save}`, {
      headers: { origin: platform.url },
      data: { accounts: [{ id: 'coa-42', name: 'Project 42' }] },
    });
    expect(saved.status()).toBe(200);
    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Account' });
    await openAccountMenu(page);
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toEqual(['No COA On File', 'Project 42']);
    await picker.selectOption('coa-42');
    await closeAccountMenu(page);
    models.behave({ tokens: numberedTokens(3) });
    await sendMessage(page, 'On account 42');
    await answers(page).last().getByLabel('Usage').waitFor();
    expect(u.errors).toEqual([]);
  });
});

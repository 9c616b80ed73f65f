import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminMessages, deleteAllMessages, retentionCardMessages } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { openAdmin, toast, type SignedIn } from './support/browser';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import type { ModelServer } from './support/chat-platform';
import { chooseFromAccountMenu } from './support/account-menu';
import { answers } from './support/chat-page';
import { seriousViolations } from './support/axe';

const admin = 'admin@example.com';
const user = 'keeper@example.com';
const model = testChatModel();

let models: ModelServer;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [model] });
  ({ models, u } = fixture);
});
afterAll(() => fixture?.close());

const conversations = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
const row = (page: Page, name: string): Locator =>
  conversations(page).getByRole('listitem').filter({ hasText: name });

const startConversation = async (page: Page, question: string) => {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await expect.poll(() => answers(page).count()).toBe(0);
  models.behave({ tokens: ['Noted.'] });
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => answers(page).count()).toBe(1);
  await answers(page).last().getByLabel('Usage').waitFor();
  await row(page, question).waitFor();
};

describe('retention', () => {
  it('an admin keeps conversations 30 days with one user on legal hold: saved and shown again after a reload', async () => {
    const { page } = fixture.adminSession;
    let dialog = await openAdmin(page);
    let card = dialog.getByRole('region', { name: 'Retention', exact: true });
    await card.getByLabel(retentionCardMessages.conversationDaysLabel).fill('30');
    await card.getByLabel(retentionCardMessages.heldUsersLabel).fill('held@example.com');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, adminMessages.saved).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    dialog = await openAdmin(page);
    card = dialog.getByRole('region', { name: 'Retention', exact: true });
    await expect
      .poll(() => card.getByLabel(retentionCardMessages.conversationDaysLabel).inputValue())
      .toBe('30');
    expect(await card.getByLabel(retentionCardMessages.heldUsersLabel).inputValue()).toBe('held@example.com');
    // On a phone the card fits: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    if (process.env['SHOTS_DIR'])
      await page.screenshot({ path: `${process.env['SHOTS_DIR']}/retention-phone.png` });
  });

  it("a user's 'Delete all my conversations' names the count, then empties the list", async () => {
    const { page } = u;
    await startConversation(page, 'First keepsake');
    await startConversation(page, 'Second keepsake');
    await chooseFromAccountMenu(page, deleteAllMessages.menuItem);
    const confirm = page.getByRole('alertdialog', { name: deleteAllMessages.confirmTitle });
    await confirm.getByText(deleteAllMessages.confirm(2)).waitFor();
    await confirm.getByRole('button', { name: 'Delete 2' }).click();
    await expect.poll(() => row(page, 'keepsake').count()).toBe(0);
    await page.reload();
    await conversations(page).waitFor();
    await expect.poll(() => row(page, 'keepsake').count()).toBe(0);
  });
});

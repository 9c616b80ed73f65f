import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminMessages, platformMessages } from '@app/contracts';
import { uiText } from '../../web/src/ui/strings';
import { launchBrowser, openAdmin, signIn, toast } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const admin = 'admin@example.com';
const secondAdmin = 'second@example.com';
const changedByAdmin = /^Last changed by admin@example\.com, \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/;
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform([admin, secondAdmin]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const card = (dialog: Locator, title: string): Locator =>
  dialog.getByRole('region', { name: title, exact: true });

/** Save Changes, expect that toast, dismiss it (a later save shows its own). */
async function saveExpecting(page: Page, dialog: Locator, message: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, message).first().waitFor();
  for (const close of await page
    .locator('.toasts')
    .getByRole('button', { name: 'Dismiss notification' })
    .all()) {
    await close.click();
  }
}

async function saveChanges(page: Page, dialog: Locator): Promise<void> {
  await saveExpecting(page, dialog, adminMessages.saved);
  await dialog.getByRole('tab', { name: 'Configurations', exact: true }).waitFor();
  await expect.poll(() => dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
}

/** A new page load: what the server kept. */
async function reopen(page: Page): Promise<Locator> {
  await page.reload();
  return openAdmin(page);
}

const expectChangedByAdmin = (region: Locator) => region.getByText(changedByAdmin).waitFor();

describe('the Configurations tab', () => {
  it('Support Email: activation without an address is refused at once and by the server', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    let support = card(dialog, 'Support Email');
    expect(await support.getByText(/^Last changed by/).count()).toBe(0);

    await support.getByLabel('Activate Support Email').check();
    await support.getByRole('alert').getByText(adminMessages.supportEmailRequired, { exact: true }).waitFor();
    await dialog.getByRole('tab', { name: 'Configurations *' }).waitFor();

    // The server refuses it too; the edits stay, with its words.
    await saveExpecting(page, dialog, adminMessages.partialSaveFailed(['Support Email']));
    await support.getByRole('button', { name: 'Reload Support Email' }).waitFor();
    expect(await support.getByText(adminMessages.supportEmailRequired, { exact: true }).count()).toBe(2);

    // An address that is not an email is said once the field is left.
    await support.getByLabel('Contact email').fill('not-an-email');
    await support.getByLabel('Contact email').blur();
    await support
      .getByRole('alert')
      .getByText(platformMessages.invalidEmail('not-an-email'), { exact: true })
      .waitFor();

    // With an address the instant message goes; the server's notice stays until saved.
    await support.getByLabel('Contact email').fill(' Help@Example.com ');
    expect(await support.getByText(adminMessages.supportEmailRequired, { exact: true }).count()).toBe(1);
    await saveChanges(page, dialog);
    expect(await support.getByText(adminMessages.supportEmailRequired, { exact: true }).count()).toBe(0);
    await expect.poll(() => support.getByLabel('Contact email').inputValue()).toBe('help@example.com');
    await expectChangedByAdmin(support);

    dialog = await reopen(page);
    support = card(dialog, 'Support Email');
    expect(await support.getByLabel('Activate Support Email').isChecked()).toBe(true);
    expect(await support.getByLabel('Contact email').inputValue()).toBe('help@example.com');
    await expectChangedByAdmin(support);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Chat Rate Limit: the rate takes digits only, shows dollars and cents, and is kept', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    let limit = card(dialog, 'Chat Rate Limit');
    const period = limit.getByLabel('Period');
    expect(await period.inputValue()).toBe('Unlimited');
    expect(await limit.getByLabel('Rate', { exact: true }).count()).toBe(0);
    expect(await period.locator('option').allTextContents()).toEqual([
      'Unlimited',
      'Daily',
      'Hourly',
      'Monthly',
      'Total',
    ]);

    await period.selectOption('Daily');
    const rate = limit.getByLabel('Rate', { exact: true });
    expect(await rate.inputValue()).toBe('$0.00');
    await rate.pressSequentially('1234');
    await expect.poll(() => rate.inputValue()).toBe('$12.34');
    await rate.pressSequentially('ab');
    expect(await rate.inputValue()).toBe('$12.34');
    await rate.fill('123456789');
    expect(await rate.inputValue()).toBe('$12.34');
    await rate.fill('99999999');
    expect(await rate.inputValue()).toBe('$999,999.99');
    await rate.press('Backspace');
    expect(await rate.inputValue()).toBe('$99,999.99');
    await rate.fill('2500');
    expect(await rate.inputValue()).toBe('$25.00');
    await saveChanges(page, dialog);
    await expectChangedByAdmin(limit);

    dialog = await reopen(page);
    limit = card(dialog, 'Chat Rate Limit');
    expect(await limit.getByLabel('Period').inputValue()).toBe('Daily');
    expect(await limit.getByLabel('Rate', { exact: true }).inputValue()).toBe('$25.00');
    await expectChangedByAdmin(limit);

    // Unlimited has no rate.
    await limit.getByLabel('Period').selectOption('Unlimited');
    expect(await limit.getByLabel('Rate', { exact: true }).count()).toBe(0);
    await saveChanges(page, dialog);
    dialog = await reopen(page);
    expect(await card(dialog, 'Chat Rate Limit').getByLabel('Period').inputValue()).toBe('Unlimited');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Default User Conversation Storage: Local by default, Cloud is kept', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    let storage = card(dialog, 'Default User Conversation Storage');
    expect(await storage.getByLabel('Local').isChecked()).toBe(true);
    expect(await storage.getByLabel('Cloud').isChecked()).toBe(false);

    await storage.getByLabel('Cloud').check();
    await saveChanges(page, dialog);
    await expectChangedByAdmin(storage);

    dialog = await reopen(page);
    storage = card(dialog, 'Default User Conversation Storage');
    expect(await storage.getByLabel('Cloud').isChecked()).toBe(true);
    expect(await storage.getByLabel('Local').isChecked()).toBe(false);
    await expectChangedByAdmin(storage);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Prompt Cost Alert: active, message with placeholders and a cost of at least 0 in cents', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    let alert = card(dialog, 'Prompt Cost Alert');
    await alert.getByText('Supports the placeholders <totalCost> and <prompts>.', { exact: true }).waitFor();
    const cost = alert.getByLabel('Cost threshold ($)');
    expect(await cost.getAttribute('step')).toBe('0.01');
    expect(await cost.getAttribute('min')).toBe('0');
    expect(await cost.inputValue()).toBe('0');

    await alert.getByLabel('Activate Prompt Cost Alert').check();
    await alert.getByLabel('Alert message').fill('You spent ');
    await alert.getByRole('button', { name: 'Insert <totalCost>' }).click();
    await expect.poll(() => alert.getByLabel('Alert message').inputValue()).toBe('You spent <totalCost>');
    await alert.getByText('You spent $12.50', { exact: true }).waitFor();

    await cost.fill('-1');
    await alert.getByRole('alert').getByText(uiText.costInvalid, { exact: true }).waitFor();
    await cost.fill('2.505');
    await alert.getByRole('alert').getByText(uiText.costInvalid, { exact: true }).waitFor();
    await cost.fill('2.5');
    expect(await alert.getByRole('alert').count()).toBe(0);
    await saveChanges(page, dialog);
    await expectChangedByAdmin(alert);

    dialog = await reopen(page);
    alert = card(dialog, 'Prompt Cost Alert');
    expect(await alert.getByLabel('Activate Prompt Cost Alert').isChecked()).toBe(true);
    expect(await alert.getByLabel('Alert message').inputValue()).toBe('You spent <totalCost>');
    expect(await alert.getByLabel('Cost threshold ($)').inputValue()).toBe('2.5');
    await expectChangedByAdmin(alert);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('AI Email Domain: the card appears only once the assistantEmailEvents flag is on', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    await card(dialog, 'Prompt Cost Alert').waitFor();
    expect(await card(dialog, 'AI Email Domain').count()).toBe(0);

    await dialog.getByRole('tab', { name: 'Feature Flags' }).click();
    await dialog.getByLabel('Feature name').fill('assistantEmailEvents');
    await dialog.getByRole('button', { name: 'Add Feature' }).click();
    const flagRow = dialog.locator('.ag-row[row-id="assistantEmailEvents"]');
    await flagRow.getByRole('button', { name: 'Disabled' }).click();
    await flagRow.getByRole('button', { name: 'Enabled' }).waitFor();

    await dialog.getByRole('tab', { name: /^Configurations/ }).click();
    let domain = card(dialog, 'AI Email Domain');
    await domain.getByLabel('Email domain', { exact: true }).fill('AI.Example.com');
    await saveChanges(page, dialog);
    await expect
      .poll(() => domain.getByLabel('Email domain', { exact: true }).inputValue())
      .toBe('ai.example.com');
    await expectChangedByAdmin(domain);

    dialog = await reopen(page);
    domain = card(dialog, 'AI Email Domain');
    expect(await domain.getByLabel('Email domain', { exact: true }).inputValue()).toBe('ai.example.com');
    await expectChangedByAdmin(domain);
    await page.screenshot({ path: '/tmp/configurations-cards.png' });

    // Switched off again (not saved), the card goes.
    await dialog.getByRole('tab', { name: 'Feature Flags' }).click();
    await dialog
      .locator('.ag-row[row-id="assistantEmailEvents"]')
      .getByRole('button', { name: 'Enabled' })
      .click();
    await dialog.getByRole('tab', { name: /^Configurations/ }).click();
    await card(dialog, 'Prompt Cost Alert').waitFor();
    expect(await card(dialog, 'AI Email Domain').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('who changed a card', () => {
  it('another admin’s save shows at once in an untouched card, with their name', async () => {
    const first = await signIn(browser, platform.url, admin);
    const second = await signIn(browser, platform.url, secondAdmin);
    const firstStorage = card(await openAdmin(first.page), 'Default User Conversation Storage');
    await expectChangedByAdmin(firstStorage);

    const secondDialog = await openAdmin(second.page);
    await card(secondDialog, 'Default User Conversation Storage').getByLabel('Local').check();
    await saveChanges(second.page, secondDialog);

    await firstStorage.getByText(/^Last changed by second@example\.com, /).waitFor();
    await expect.poll(() => firstStorage.getByLabel('Local').isChecked()).toBe(true);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});

describe('the Amplify Groups card', () => {
  const row = (groups: Locator, name: string) => groups.locator(`.ag-row[row-id="${name}"]`);

  it('creates groups (name required and unique), adds members, includes a group, refuses a cycle', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    let groups = card(dialog, 'Amplify Groups');
    await groups.getByText(adminMessages.noAmplifyGroups, { exact: true }).waitFor();

    const name = groups.getByLabel('Group name');
    const create = groups.getByRole('button', { name: 'Create Group' });
    await create.click();
    await groups.getByRole('alert').getByText(adminMessages.groupNameRequired, { exact: true }).waitFor();
    for (const group of ['Engineering', 'Research', 'Sales']) {
      await name.fill(group);
      await create.click();
      await row(groups, group).waitFor();
    }
    await name.fill(' engineering ');
    await create.click();
    await groups
      .getByRole('alert')
      .getByText(adminMessages.groupNameExists('engineering'), { exact: true })
      .waitFor();
    // A new group is the signed-in admin's, before it is even saved.
    await row(groups, 'Sales').getByText(admin, { exact: true }).waitFor();
    await row(groups, 'Sales').getByText('Unsaved', { exact: true }).waitFor();

    // Members through the email picker.
    await row(groups, 'Engineering').getByRole('button', { name: 'Edit members of Engineering' }).click();
    let editor = page.getByRole('dialog', { name: 'Members: Engineering' });
    await editor.getByLabel('Add members').fill('Ann@Example.com; bob@example.com');
    await editor.getByLabel('Add members').press('Enter');
    await editor.getByText('ann@example.com', { exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor.waitFor({ state: 'detached' });
    const engineeringMembers = row(groups, 'Engineering').getByRole('list', {
      name: 'Members of Engineering',
    });
    await engineeringMembers.getByText('ann@example.com', { exact: true }).waitFor();
    await engineeringMembers.getByText('bob@example.com', { exact: true }).waitFor();

    await row(groups, 'Research').getByRole('button', { name: 'Edit members of Research' }).click();
    editor = page.getByRole('dialog', { name: 'Members: Research' });
    await editor.getByLabel('Add members').fill('carl@example.com');
    await editor.getByLabel('Add members').press('Enter');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor.waitFor({ state: 'detached' });

    // Engineering includes Research.
    await row(groups, 'Engineering')
      .getByRole('button', { name: 'Edit groups included in Engineering' })
      .click();
    editor = page.getByRole('dialog', { name: 'Membership by Amplify Groups: Engineering' });
    await editor.getByLabel('Research').check();
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor.waitFor({ state: 'detached' });
    await row(groups, 'Engineering')
      .getByRole('list', { name: 'Groups included in Engineering' })
      .getByText('Research', { exact: true })
      .waitFor();
    await row(groups, 'Engineering').getByText('3 members in all', { exact: true }).waitFor();

    // Research including Engineering would be a cycle: refused with the message.
    await row(groups, 'Research').getByRole('button', { name: 'Edit groups included in Research' }).click();
    editor = page.getByRole('dialog', { name: 'Membership by Amplify Groups: Research' });
    await editor.getByLabel('Engineering').click();
    await editor
      .getByRole('alert')
      .getByText(platformMessages.groupInclusionCycle(['Engineering', 'Research', 'Engineering']), {
        exact: true,
      })
      .waitFor();
    expect(await editor.getByLabel('Engineering').isChecked()).toBe(false);
    await page.screenshot({ path: '/tmp/configurations-group-cycle.png' });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });

    // Billing and the group's own rate limit, in the table.
    await row(groups, 'Sales').getByLabel('Billing group: Sales').check();
    await row(groups, 'Research').getByLabel('Period').selectOption('Daily');
    await row(groups, 'Research').getByLabel('Rate', { exact: true }).pressSequentially('250');
    expect(await row(groups, 'Research').getByLabel('Rate', { exact: true }).inputValue()).toBe('$2.50');
    await page.screenshot({ path: '/tmp/configurations-tab.png', fullPage: true });

    await saveChanges(page, dialog);
    await expectChangedByAdmin(groups);

    dialog = await reopen(page);
    groups = card(dialog, 'Amplify Groups');
    await expectChangedByAdmin(groups);
    await row(groups, 'Engineering')
      .getByRole('list', { name: 'Members of Engineering' })
      .getByText('bob@example.com', { exact: true })
      .waitFor();
    await row(groups, 'Engineering')
      .getByRole('list', { name: 'Groups included in Engineering' })
      .getByText('Research', { exact: true })
      .waitFor();
    expect(await row(groups, 'Sales').getByLabel('Billing group: Sales').isChecked()).toBe(true);
    expect(await row(groups, 'Research').getByLabel('Period').inputValue()).toBe('Daily');
    expect(await row(groups, 'Research').getByLabel('Rate', { exact: true }).inputValue()).toBe('$2.50');
    await row(groups, 'Research').getByText(admin, { exact: true }).waitFor();
    expect(await row(groups, 'Research').getByText('Unsaved').count()).toBe(0);
    await page.screenshot({ path: '/tmp/configurations-tab-saved.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('search filters on names and members, its input lower-cased', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openAdmin(page);
    const groups = card(dialog, 'Amplify Groups');
    const search = groups.getByRole('searchbox', { name: 'Search groups' });
    const shownRows = () =>
      groups.locator('.ag-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('row-id')));
    await row(groups, 'Sales').waitFor();
    expect((await shownRows()).sort()).toEqual(['Engineering', 'Research', 'Sales']);

    await search.fill('RES');
    expect(await search.inputValue()).toBe('res');
    await expect.poll(shownRows).toEqual(['Research']);
    await search.fill('Bob@');
    await expect.poll(shownRows).toEqual(['Engineering']);
    await search.fill('nobody');
    await groups.getByText('No Amplify Groups match your search.', { exact: true }).waitFor();
    await search.fill('');
    await expect.poll(async () => (await shownRows()).length).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes a group after an in-app confirmation; it leaves the groups that included it', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    let groups = card(dialog, 'Amplify Groups');

    await row(groups, 'Research').getByRole('button', { name: 'Delete Research' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Amplify group' });
    await confirm
      .getByText(uiText.deleteGroupConfirm('Research', ['Engineering']), { exact: true })
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(groups, 'Research').waitFor();

    await row(groups, 'Research').getByRole('button', { name: 'Delete Research' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row(groups, 'Research').waitFor({ state: 'detached' });
    expect(
      await row(groups, 'Engineering').getByRole('list', { name: 'Groups included in Engineering' }).count(),
    ).toBe(0);
    await saveChanges(page, dialog);

    dialog = await reopen(page);
    groups = card(dialog, 'Amplify Groups');
    await row(groups, 'Engineering').waitFor();
    expect(await row(groups, 'Research').count()).toBe(0);
    expect(
      await row(groups, 'Engineering').getByRole('list', { name: 'Groups included in Engineering' }).count(),
    ).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

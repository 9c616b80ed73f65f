import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminMessages, platformMessages } from '@app/contracts';
import { uiText } from '../../web/src/ui/strings';
import { launchBrowser, openAdmin, seeToast, signIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { openAccountMenu } from './support/account-menu';

const admin = 'admin@example.com';
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

describe('signing in', () => {
  it('a user who is not an admin sees the chat, without the Admin Interface in the account menu', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, 'someone@example.com');
    await page.getByText('someone@example.com').waitFor();
    await page.getByRole('button', { name: 'New chat', exact: true }).waitFor();
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Admin Interface' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the Admin Interface dialog', () => {
  it('opens full screen with the tabs of the spec (Integrations once its data loaded), nothing to save', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Integrations' }).waitFor();
    expect(await dialog.getByRole('tab').allTextContents()).toEqual([
      'Configurations',
      'Supported Models',
      'Application Variables',
      'OpenAi Endpoints',
      'Feature Flags',
      'Feature Data',
      'Ops',
      'Embeddings',
      'Integrations',
      'Usage',
    ]);
    expect(await dialog.getByRole('heading', { level: 2 }).first().textContent()).toBe('Admin Interface');
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await dialog.getByRole('list', { name: 'Admins' }).getByText(admin, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/admin-configurations.png' });

    await dialog.getByRole('tab', { name: 'Ops' }).click();
    await dialog.getByRole('tabpanel').getByText('Manage Ops').first().waitFor();
    await dialog.getByRole('tabpanel').getByText('Understanding Ops').first().waitFor();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds admins through the email picker, marks the tab and title, saves and keeps them', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    const input = dialog.getByLabel('Add admins');
    const list = dialog.getByRole('list', { name: 'Admins' });

    await input.fill('  New.Admin@Example.COM ; second@example.com,third@example.com');
    await input.press('Enter');
    for (const email of ['new.admin@example.com', 'second@example.com', 'third@example.com']) {
      await list.getByText(email, { exact: true }).waitFor();
    }
    expect(await input.inputValue()).toBe('');

    // A pasted list of lines is split too.
    await input.focus();
    await input.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text', 'fourth@example.com\nFifth@example.com\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await list.getByText('fourth@example.com', { exact: true }).waitFor();
    await list.getByText('fifth@example.com', { exact: true }).waitFor();

    await dialog.getByRole('tab', { name: 'Configurations *' }).waitFor();
    await dialog.getByRole('heading', { name: 'Admin Interface *' }).waitFor();
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    expect(await save.isEnabled()).toBe(true);

    await save.click();
    await seeToast(page, adminMessages.saved);
    await dialog.getByRole('heading', { name: 'Admin Interface', exact: true }).waitFor();
    await dialog.getByRole('tab', { name: 'Configurations', exact: true }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    // A new page load shows what the server kept.
    await page.reload();
    dialog = await openAdmin(page);
    for (const email of [
      'new.admin@example.com',
      'second@example.com',
      'third@example.com',
      'fifth@example.com',
    ]) {
      await dialog.getByRole('list', { name: 'Admins' }).getByText(email, { exact: true }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says an entry is invalid or a duplicate and keeps it in the field', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openAdmin(page);
    const input = dialog.getByLabel('Add admins');

    await input.fill('not-an-email');
    await input.press('Enter');
    await dialog.getByRole('tooltip').getByText(uiText.invalidEntry, { exact: true }).waitFor();
    expect(await input.inputValue()).toBe('not-an-email');

    await input.fill('ADMIN@example.com');
    await input.blur();
    await dialog.getByRole('tooltip').getByText(uiText.invalidEntry, { exact: true }).waitFor();
    expect(await input.inputValue()).toBe('ADMIN@example.com');

    await input.fill('');
    await dialog.getByRole('tooltip').waitFor({ state: 'detached' });
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('removes several admins with select-all; the last admin cannot be removed', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openAdmin(page);
    const card = dialog.getByRole('region', { name: 'Admins' });

    // One by one first.
    await card.getByRole('button', { name: 'Remove third@example.com' }).click();
    await card.getByText('third@example.com', { exact: true }).waitFor({ state: 'detached' });

    await card.getByLabel('Select all').check();
    await card.getByRole('button', { name: /^Remove selected/ }).click();
    await card.getByText(adminMessages.noAdmins, { exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, adminMessages.partialSaveFailed(['Admins']));
    await card.getByRole('alert').getByText(platformMessages.lastAdmin, { exact: true }).waitFor();
    // Still unsaved: the edits stay until reloaded.
    await dialog.getByRole('tab', { name: 'Configurations *' }).waitFor();

    await card.getByRole('button', { name: 'Reload Admins' }).click();
    await card.getByText(admin, { exact: true }).waitFor();
    await card.getByText('third@example.com', { exact: true }).waitFor();
    await dialog.getByRole('tab', { name: 'Configurations', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before closing with unsaved edits, and the reload button discards them', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    const input = dialog.getByLabel('Add admins');
    const list = dialog.getByRole('list', { name: 'Admins' });

    await input.fill('unsaved@example.com');
    await input.press('Enter');
    await list.getByText('unsaved@example.com', { exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Close' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await confirm.getByText(platformMessages.unsavedConfirm, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/admin-confirm-close.png' });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    await list.getByText('unsaved@example.com', { exact: true }).waitFor();

    // The reload button discards the edits.
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.getByRole('heading', { name: 'Admin Interface', exact: true }).waitFor();
    await dialog.getByRole('list', { name: 'Admins' }).getByText(admin, { exact: true }).waitFor();
    expect(await dialog.getByText('unsaved@example.com', { exact: true }).count()).toBe(0);

    // Escape asks too; closing without saving drops the edits.
    await input.fill('dropped@example.com');
    await input.press('Enter');
    await list.getByText('dropped@example.com', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: 'Close without saving' }).click();
    await dialog.waitFor({ state: 'detached' });

    dialog = await openAdmin(page);
    await dialog.getByRole('list', { name: 'Admins' }).getByText(admin, { exact: true }).waitFor();
    expect(await dialog.getByText('dropped@example.com', { exact: true }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

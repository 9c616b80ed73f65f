import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { adminMessages } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, shownRowNames, signIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

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

const flagRow = (dialog: Locator, name: string): Locator =>
  dialog.getByRole('row').filter({ has: dialog.page().getByText(name, { exact: true }) });

const addFeature = async (dialog: Locator, name: string) => {
  await dialog.getByLabel('Feature name').fill(name);
  await dialog.getByRole('button', { name: 'Add Feature' }).click();
};

describe('the Feature Flags tab', () => {
  it('adds a flag (spaces become camelCase) and says when a name is missing or taken', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Feature Flags' }).click();

    await dialog.getByRole('button', { name: 'Add Feature' }).click();
    await dialog.getByRole('alert').getByText(adminMessages.featureNameRequired, { exact: true }).waitFor();

    await addFeature(dialog, 'dark mode');
    await flagRow(dialog, 'darkMode').waitFor();
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Feature name').inputValue()).toBe('');
    await dialog.getByRole('tab', { name: 'Feature Flags *' }).waitFor();

    await addFeature(dialog, 'Dark Mode');
    await dialog.getByRole('alert').getByText(adminMessages.featureNameUnique, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles a flag by its status, edits its exceptions, saves and shows them after a reload', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Feature Flags' }).click();
    await addFeature(dialog, 'beta chat');
    await addFeature(dialog, 'another flag');
    const row = flagRow(dialog, 'betaChat');

    // Status: a click toggles it.
    await row.getByRole('button', { name: 'Disabled' }).click();
    await row.getByRole('button', { name: 'Enabled' }).waitFor();

    // User exceptions: emails.
    await row.getByRole('button', { name: 'Edit user exceptions of betaChat' }).click();
    let editor = page.getByRole('dialog', { name: 'User Exceptions: betaChat' });
    await editor.getByLabel('Add user emails').fill('Tester@Example.com, not an email');
    await editor.getByLabel('Add user emails').press('Enter');
    await editor.getByText('tester@example.com', { exact: true }).waitFor();
    await editor.getByRole('tooltip').waitFor();
    await editor.getByLabel('Add user emails').fill('');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor.waitFor({ state: 'detached' });
    await row.getByText('tester@example.com', { exact: true }).waitFor();

    // Group exceptions: free-text group names for now.
    await row.getByRole('button', { name: 'Edit group exceptions of betaChat' }).click();
    editor = page.getByRole('dialog', { name: 'User Exceptions by Amplify Group Membership: betaChat' });
    await editor.getByLabel('Add Amplify group names').fill('Beta Testers');
    await editor.getByLabel('Add Amplify group names').press('Enter');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await row.getByText('Beta Testers', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/admin-feature-flags.png' });

    // Rows sorted by name.
    const names = await shownRowNames(dialog, '.flag-name');
    expect(names).toContain('betaChat');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, adminMessages.saved);
    await dialog.getByRole('tab', { name: 'Feature Flags', exact: true }).waitFor();

    await page.reload();
    dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Feature Flags' }).click();
    const saved = flagRow(dialog, 'betaChat');
    await saved.getByRole('button', { name: 'Enabled' }).waitFor();
    await saved.getByText('tester@example.com', { exact: true }).waitFor();
    await saved.getByText('Beta Testers', { exact: true }).waitFor();
    await flagRow(dialog, 'anotherFlag').getByRole('button', { name: 'Disabled' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches in lower case and removes a flag from its row', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Feature Flags' }).click();
    await flagRow(dialog, 'betaChat').waitFor();

    const search = dialog.getByRole('searchbox');
    await search.fill('BETA');
    expect(await search.inputValue()).toBe('beta');
    await flagRow(dialog, 'anotherFlag').waitFor({ state: 'detached' });
    await flagRow(dialog, 'betaChat').waitFor();
    await search.fill('');

    await flagRow(dialog, 'anotherFlag').getByRole('button', { name: 'Remove anotherFlag' }).click();
    await flagRow(dialog, 'anotherFlag').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, adminMessages.saved);

    await dialog.getByRole('button', { name: 'Reload' }).click();
    await flagRow(dialog, 'betaChat').waitFor();
    expect(await flagRow(dialog, 'anotherFlag').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

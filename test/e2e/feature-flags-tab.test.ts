import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { adminMessages, platformMessages, type RecordedEvent } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, signIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform([ann, bob]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const flagsTab = async (dialog: Locator) => {
  await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
  return dialog.getByRole('tabpanel');
};

const statusOf = (panel: Locator, name: string) =>
  panel.getByTitle(new RegExp(`Click to (en|dis)able ${name}$`));

describe('Feature Flags tab, two admins', () => {
  it('creates, toggles and excepts a flag as fine-grained events; the other open dialog follows, and says who changed it under its edits', async () => {
    const a = await signIn(browser, platform.url, ann);
    const b = await signIn(browser, platform.url, bob);
    const panelA = await flagsTab(await openAdmin(a.page));
    const dialogB = await openAdmin(b.page);
    const panelB = await flagsTab(dialogB);

    // The add form's two rules, with the contracts' messages.
    await panelA.getByRole('button', { name: 'Add Feature' }).click();
    await panelA.getByText(adminMessages.featureNameRequired).waitFor();
    await panelA.getByLabel('Feature name').fill('dark mode');
    await panelA.getByRole('button', { name: 'Add Feature' }).click();
    await panelA.getByText('darkMode', { exact: true }).waitFor();
    await panelA.getByLabel('Feature name').fill('dark mode');
    await panelA.getByRole('button', { name: 'Add Feature' }).click();
    await panelA.getByText(adminMessages.featureNameUnique).waitFor();

    // Toggle by clicking the status, add a user exception.
    await statusOf(panelA, 'darkMode').click();
    await expect.poll(() => statusOf(panelA, 'darkMode').textContent()).toContain('Enabled');
    await panelA.getByRole('button', { name: 'Edit user exceptions of darkMode' }).click();
    const editor = a.page.getByRole('dialog', { name: 'User Exceptions: darkMode' });
    await editor.getByLabel('Add user emails').fill('Carl@Example.com');
    await editor.getByLabel('Add user emails').press('Enter');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await a.page.getByRole('tab', { name: 'Feature Flags *' }).waitFor();
    await a.page.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(a.page, adminMessages.saved);

    // Bob's open dialog shows it without reloading.
    await panelB.getByText('darkMode', { exact: true }).waitFor();
    await panelB.getByText('carl@example.com').waitFor();
    expect(await statusOf(panelB, 'darkMode').textContent()).toContain('Enabled');

    // Fine-grained facts with Ann as their actor.
    const res = await a.page.request.get('/api/events?stream=config-featureFlags');
    const events = ((await res.json()) as { data: RecordedEvent[] }).data;
    expect(events.map((e) => e.type)).toEqual([
      'FeatureFlagCreated',
      'FeatureFlagEnabled',
      'FeatureFlagUserExceptionAdded',
    ]);
    expect(events.every((e) => e.metadata.actor.email === ann && e.metadata.actor.kind === 'admin')).toBe(
      true,
    );

    // Bob edits the same section; Ann saves first: Bob is told who changed it, his draft is kept.
    await panelB.getByLabel('Feature name').fill('beta chat');
    await panelB.getByRole('button', { name: 'Add Feature' }).click();
    await statusOf(panelA, 'darkMode').click();
    await a.page.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(a.page, adminMessages.saved);
    await dialogB.getByText(platformMessages.changedByOther('Feature Flags', ann)).waitFor();
    await panelB.getByText('betaChat', { exact: true }).waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

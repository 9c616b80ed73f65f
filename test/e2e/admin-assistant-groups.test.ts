import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { assistantGroupMessages, assistantRoutes, builtInAssistants } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, signIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const ann = 'ann@example.com';
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform([ann]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const [first] = builtInAssistants;

describe('Assistant Admin Groups (Feature Data tab)', () => {
  it('the spec message with nothing ticked, the group created once (green dot, table row), a copy added, the key replaced, Public toggled', async () => {
    if (!first) throw new Error('no built-in assistant');
    const { page, errors, context } = await signIn(browser, platform.url, ann);
    // One assistant of ann's own, to copy into the group.
    const created = await page.evaluate(
      async ([path]) =>
        (
          await fetch(path as string, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Helper', description: 'Helps', instructions: 'Be helpful.' }),
          })
        ).status,
      [assistantRoutes.create],
    );
    expect(created).toBe(200);

    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: /^Feature Data/ }).click();
    const card = dialog.getByRole('region', { name: 'Assistant Admin Groups' });
    await card.getByText(assistantGroupMessages.empty).waitFor();

    // Nothing ticked: the contracts' message, nothing created.
    await card.getByRole('button', { name: 'Create Amplify Assistants group' }).click();
    await card.getByText(assistantGroupMessages.selectAtLeastOne).waitFor();
    await card.getByLabel(first.name, { exact: true }).check();
    await card.getByRole('button', { name: 'Create Amplify Assistants group' }).click();
    await seeToast(page, assistantGroupMessages.created);
    await card.getByRole('img', { name: 'Amplify Assistants group exists' }).waitFor();
    expect(await card.getByRole('button', { name: 'Create Amplify Assistants group' }).count()).toBe(0);

    const table = card.getByRole('table', { name: 'Assistant Admin Groups' });
    await table.getByRole('cell', { name: 'Amplify Assistants', exact: true }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Group Name',
      'Created By',
      'Support Conversation Analysis',
      'Public',
      'Membership by Amplify Groups',
      'Number of Assistants',
      'Actions',
    ]);
    const row = table.getByRole('row').filter({ hasText: 'Amplify Assistants' });
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Amplify Assistants', ann, '1']),
    );
    expect(await card.getByLabel('Public: Amplify Assistants').isChecked()).toBe(false);

    // A copy of ann's assistant.
    await card.getByLabel('Assistant to copy').selectOption({ label: 'Helper' });
    await card.getByRole('button', { name: 'Add a copy of the assistant' }).click();
    await seeToast(page, assistantGroupMessages.assistantAdded);
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();

    // The group's key.
    await card.getByRole('button', { name: 'Replace API key: Amplify Assistants' }).click();
    await seeToast(page, assistantGroupMessages.keyReplaced);

    // Public.
    await card.getByLabel('Public: Amplify Assistants').click();
    await expect.poll(() => card.getByLabel('Public: Amplify Assistants').isChecked()).toBe(true);
    expect(await page.content()).not.toMatch(/amp-v1-/);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});

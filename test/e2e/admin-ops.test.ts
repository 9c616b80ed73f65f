import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { opsMessages } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, signIn, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const admin = 'admin@example.com';

let platform: TestPlatform;
let browser: Browser;
let a: SignedIn;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  browser = await launchBrowser();
  a = await signIn(browser, platform.url, admin);
});

afterAll(async () => {
  await a?.context.close();
  await browser?.close();
  await platform?.close();
});

describe('the Ops tab', () => {
  it('registers an op (the spec message first), searches by name and tag, deletes it after the confirmation', async () => {
    const { page, errors } = a;
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Ops' }).click();
    const panel = dialog.getByRole('tabpanel');
    await panel.getByText(opsMessages.helpTitle, { exact: true }).waitFor();
    await panel.getByText(opsMessages.noOps, { exact: true }).waitFor();

    await panel.getByRole('button', { name: 'Add Op' }).click();
    const draft = panel.getByRole('group', { name: 'New op 1' });
    await draft.getByLabel('New op 1 Function Name').fill('get_weather');
    // No request path, no tags: the contracts' message, nothing registered.
    await panel.getByRole('button', { name: 'Register Ops' }).click();
    await panel.getByRole('alert').filter({ hasText: opsMessages.missingFields }).waitFor();

    await draft.getByLabel('New op 1 Request Path').fill('https://api.example.com/weather');
    await draft.getByLabel('New op 1 Tags').fill(' weather , forecast ');
    await draft.getByLabel('New op 1 Description').fill('The weather of a city');
    // GET shows the fixed default instead of the parameters editor; POST has the editor.
    await draft.getByLabel('New op 1 Method').selectOption('GET');
    await draft.getByText('GET ops send no body and take the fixed default parameters:').waitFor();
    expect(await draft.getByRole('button', { name: 'Add Parameter' }).count()).toBe(0);
    await draft.getByLabel('New op 1 Method').selectOption('POST');
    await draft.getByRole('button', { name: 'Add Parameter' }).click();
    await draft.getByLabel('New op 1 parameter 1 name').fill('city');
    await draft.getByLabel('New op 1 parameter 1 description').fill('The city');
    await draft.getByLabel('Required Parameter').check();
    await panel.getByRole('button', { name: 'Register Ops' }).click();
    await seeToast(page, opsMessages.registered);

    const table = panel.getByRole('table', { name: opsMessages.manageTitle });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Function Name',
      'Tags',
      'Path',
      'Method',
      'Parameters',
      'Description',
      '',
    ]);
    const row = table.getByRole('row').filter({ hasText: 'get_weather' });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'get_weather',
      'weather, forecast',
      'https://api.example.com/weather',
      'POST',
      'city (string, required)',
      'The weather of a city',
      'Delete',
    ]);
    expect(await panel.locator('.ops-table-scroll').evaluate((e) => getComputedStyle(e).maxHeight)).toBe(
      '500px',
    );

    // Search by name (typed in capitals: lower-cased), then by tag.
    const search = panel.getByLabel('Search Ops');
    await search.fill('WEATHER');
    expect(await search.inputValue()).toBe('weather');
    await row.waitFor();
    await search.fill('forecast');
    await row.waitFor({ state: 'detached' });
    await panel.getByRole('radio', { name: 'tag' }).check();
    await row.waitFor();
    await search.fill('');

    // Delete: a confirmation; Cancel keeps it, Delete removes it.
    await row.getByRole('button', { name: 'Delete get_weather' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(opsMessages.deleteConfirm, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete get_weather' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, opsMessages.deleted);
    await panel.getByText(opsMessages.noOps, { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});

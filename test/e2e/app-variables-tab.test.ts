import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminMessages, maskOf, platformMessages } from '@app/contracts';
import { launchBrowser, openAdmin, signIn, toast } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const admin = 'admin@example.com';
let platform: TestPlatform;
let browser: Browser;

const secrets = {
  A: 'short',
  LONGEST_SECRET_NAME: 'sk-live-0123456789abcd',
  MID_NAME: 'mid-secret-value-wxyz',
};
const variable = { name: 'REGION', value: 'eu-west-1-region' };

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const openTab = async (page: Page): Promise<Locator> => {
  const dialog = await openAdmin(page);
  await dialog.getByRole('tab', { name: /^Application Variables/ }).click();
  await dialog.getByRole('heading', { name: 'Application Secrets', exact: true }).waitFor();
  return dialog;
};

const card = (dialog: Locator, title: string) => dialog.getByRole('region', { name: title, exact: true });

const addEntry = async (section: Locator, noun: string, name: string, value: string) => {
  await section.getByLabel(`New ${noun} name`).fill(name);
  await section.getByLabel(`New ${noun} value`).fill(value);
  await section.getByRole('button', { name: `Add ${noun}` }).click();
  await section.getByRole('listitem').filter({ hasText: name }).first().waitFor();
};

/** Everything the page holds: its markup, its text and every input's value. */
const pageHolds = (page: Page): Promise<string> =>
  page.evaluate(
    () =>
      `${document.documentElement.outerHTML}\n${document.body.innerText}\n${[
        ...document.querySelectorAll('input'),
      ]
        .map((i) => i.value)
        .join('\n')}`,
  );

describe('the Application Variables tab', () => {
  it('says when there are no secrets and no variables', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openTab(page);
    await card(dialog, 'Application Secrets')
      .getByText(adminMessages.noAppSecrets, { exact: true })
      .waitFor();
    await card(dialog, 'Application Environment Variables')
      .getByText(adminMessages.noAppVariables, { exact: true })
      .waitFor();
    await page.screenshot({ path: '/tmp/app-variables-empty.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves secrets and a variable that come back masked, longest name first, and reveals one on request', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openTab(page);
    let secretsCard = card(dialog, 'Application Secrets');
    const variablesCard = card(dialog, 'Application Environment Variables');

    // A name is required and listed once.
    await secretsCard.getByRole('button', { name: 'Add secret' }).click();
    await secretsCard
      .getByRole('alert')
      .getByText(platformMessages.variableNameRequired('Application Secrets'), { exact: true })
      .waitFor();

    for (const [name, value] of Object.entries(secrets)) await addEntry(secretsCard, 'secret', name, value);
    await addEntry(variablesCard, 'variable', variable.name, variable.value);
    await secretsCard.getByLabel('New secret name').fill('A');
    await secretsCard.getByRole('button', { name: 'Add secret' }).click();
    await secretsCard
      .getByRole('alert')
      .getByText(platformMessages.variableNameRepeated('Application Secrets', 'A'), { exact: true })
      .waitFor();
    await secretsCard.getByLabel('New secret name').fill('');

    // Values typed are obscured; the tab and the title are marked.
    expect(await secretsCard.getByLabel('Value of MID_NAME', { exact: true }).getAttribute('type')).toBe(
      'password',
    );
    await dialog.getByRole('tab', { name: 'Application Variables *' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, adminMessages.saved).waitFor();
    await dialog.getByRole('tab', { name: 'Application Variables', exact: true }).waitFor();

    // A new page load: names sorted by length, values masked, never in the page.
    await page.reload();
    dialog = await openTab(page);
    secretsCard = card(dialog, 'Application Secrets');
    const list = secretsCard.getByRole('list', { name: 'Application Secrets' });
    await list.getByText('LONGEST_SECRET_NAME', { exact: true }).waitFor();
    expect(await list.locator('.named-value-name').allTextContents()).toEqual([
      'LONGEST_SECRET_NAME',
      'MID_NAME',
      'A',
    ]);
    const longest = secretsCard.getByLabel('Value of LONGEST_SECRET_NAME', { exact: true });
    expect(await longest.inputValue()).toBe('');
    expect(await longest.getAttribute('placeholder')).toBe(maskOf('abcd'));
    expect(await secretsCard.getByLabel('Value of A', { exact: true }).getAttribute('placeholder')).toBe(
      maskOf(''),
    );
    const held = await pageHolds(page);
    for (const value of [...Object.values(secrets), variable.value]) expect(held).not.toContain(value);
    await secretsCard.getByText(`Last changed by ${admin}`).waitFor();
    await card(dialog, 'Application Environment Variables').getByText(`Last changed by ${admin}`).waitFor();

    // Reveal asks the server and shows the value until hidden; the section stays unchanged.
    await secretsCard.getByRole('button', { name: 'Reveal Value of LONGEST_SECRET_NAME' }).click();
    await expect.poll(() => longest.inputValue()).toBe(secrets.LONGEST_SECRET_NAME);
    expect(await longest.getAttribute('type')).toBe('text');
    await page.screenshot({ path: '/tmp/app-variables-revealed.png' });
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await secretsCard.getByRole('button', { name: 'Hide Value of LONGEST_SECRET_NAME' }).click();
    await expect.poll(() => longest.inputValue()).toBe('');
    expect(await pageHolds(page)).not.toContain(secrets.LONGEST_SECRET_NAME);

    const variableValue = card(dialog, 'Application Environment Variables').getByLabel('Value of REGION', {
      exact: true,
    });
    await card(dialog, 'Application Environment Variables')
      .getByRole('button', { name: 'Reveal Value of REGION' })
      .click();
    await expect.poll(() => variableValue.inputValue()).toBe(variable.value);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('replaces a value, removes a name, and an emptied value goes back to the saved one', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openTab(page);
    let secretsCard = card(dialog, 'Application Secrets');
    const mid = secretsCard.getByLabel('Value of MID_NAME', { exact: true });

    // Typing and then emptying a saved value leaves it unchanged.
    await mid.fill('x');
    await dialog.getByRole('tab', { name: 'Application Variables *' }).waitFor();
    await mid.fill('');
    await dialog.getByRole('tab', { name: 'Application Variables', exact: true }).waitFor();

    await mid.fill('replaced-secret-9876');
    await secretsCard.getByRole('listitem').filter({ hasText: 'MID_NAME' }).getByText('Changed').waitFor();
    await secretsCard.getByRole('button', { name: 'Remove A', exact: true }).click();
    await page.screenshot({ path: '/tmp/app-variables-edited.png' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, adminMessages.saved).waitFor();

    await page.reload();
    dialog = await openTab(page);
    secretsCard = card(dialog, 'Application Secrets');
    const list = secretsCard.getByRole('list', { name: 'Application Secrets' });
    await list.getByText('MID_NAME', { exact: true }).waitFor();
    expect(await list.locator('.named-value-name').allTextContents()).toEqual([
      'LONGEST_SECRET_NAME',
      'MID_NAME',
    ]);
    const replaced = secretsCard.getByLabel('Value of MID_NAME', { exact: true });
    expect(await replaced.getAttribute('placeholder')).toBe(maskOf('9876'));
    await secretsCard.getByRole('button', { name: 'Reveal Value of MID_NAME' }).click();
    await expect.poll(() => replaced.inputValue()).toBe('replaced-secret-9876');

    // Removing everything brings the empty message back.
    for (const name of ['LONGEST_SECRET_NAME', 'MID_NAME']) {
      await secretsCard.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    }
    await secretsCard.getByText(adminMessages.noAppSecrets, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, adminMessages.saved).waitFor();
    await page.reload();
    dialog = await openTab(page);
    await card(dialog, 'Application Secrets')
      .getByText(adminMessages.noAppSecrets, { exact: true })
      .waitFor();
    await card(dialog, 'Application Environment Variables')
      .getByRole('list', { name: 'Application Environment Variables' })
      .getByText('REGION', { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

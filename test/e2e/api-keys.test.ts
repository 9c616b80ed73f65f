import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiKeyMessages, apiKeyRoutes, chatRoute, type ChatRequestInput } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { apiKeysText } from '../../web/src/api-keys/api-keys-text';
import { launchBrowser, signIn, type SignedIn } from './support/browser';
import { chooseFromAccountMenu } from './support/account-menu';
import { startTestPlatform, type TestPlatform } from './support/platform';
import {
  configureChatModels,
  numberedTokens,
  startModelServer,
  type ModelServer,
} from './support/chat-platform';

const admin = 'admin@example.com';
const user = 'keys-user@example.com';
const delegate = 'keys-delegate@example.com';
const model = testChatModel();

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let u: SignedIn;
let n = 0;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  models = await startModelServer({ tokens: numberedTokens(3) });
  browser = await launchBrowser();
  adminSession = await signIn(browser, platform.url, admin);
  await configureChatModels(adminSession.context, platform.url, models, [model]);
  u = await signIn(browser, platform.url, user);
});

afterAll(async () => {
  await adminSession?.context.close();
  await u?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
});

/** POST /api/chat from outside the browser, with the key as the only credential. */
const chatWith = async (secret: string): Promise<{ status: number; text: string }> => {
  const body: ChatRequestInput = {
    model: model.id,
    max_tokens: 50,
    messages: [{ role: 'user', content: 'Hello from an API key' }],
    options: { requestId: `api-key-e2e-${++n}` },
  };
  const res = await fetch(`${platform.url}${chatRoute}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
};

const openPanel = async (page: Page): Promise<Locator> => {
  await chooseFromAccountMenu(page, apiKeysText.open);
  const dialog = page.getByRole('dialog', { name: apiKeysText.title });
  await dialog.waitFor();
  return dialog;
};

const closePanel = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
};

const row = (dialog: Locator, name: string): Locator =>
  dialog
    .getByRole('row')
    .filter({ has: dialog.page().getByRole('rowheader').getByText(name, { exact: true }) });

/** Reads the secret shown once (with the server's message), then leaves it with Done. */
const takeSecret = async (
  dialog: Locator,
  message: string,
  { screenshot, copy = false }: { screenshot?: string; copy?: boolean } = {},
): Promise<string> => {
  const shown = dialog.getByRole('region', { name: apiKeysText.secretTitle });
  await shown.getByRole('status').getByText(message, { exact: true }).waitFor();
  await shown.getByText(apiKeysText.secretOnce).waitFor();
  if (screenshot) await dialog.page().screenshot({ path: screenshot });
  const secret = await shown.getByRole('textbox', { name: 'Secret' }).inputValue();
  expect(secret).toMatch(/^amp-v1-[A-Za-z0-9_-]{43}$/);
  if (copy) {
    await shown.getByRole('button', { name: apiKeysText.copy }).click();
    await shown.getByRole('button', { name: apiKeysText.copied }).waitFor();
    expect(await dialog.page().evaluate(() => navigator.clipboard.readText())).toBe(secret);
  }
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });
  return secret;
};

const confirmWith = async (page: Page, title: string, button: string) => {
  const confirm = page.getByRole('alertdialog', { name: title });
  await confirm.getByRole('button', { name: button, exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
};

describe('the API Keys panel', () => {
  let secret = '';

  it('refuses a form without an access type and the user themself as delegate, in the dialog', async () => {
    const dialog = await openPanel(u.page);
    await dialog.getByText(apiKeysText.noKeys).waitFor();
    await dialog.getByRole('button', { name: apiKeysText.createTitle }).click();
    const form = dialog.getByRole('form', { name: apiKeysText.createTitle });
    await form.getByLabel('Application name').fill('Refused');
    const delegate = form.getByLabel('Delegate (optional)');
    await delegate.fill(user.toUpperCase());
    await delegate.press('Enter');
    await form.getByText(apiKeyMessages.delegateIsOwner).waitFor();
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText(apiKeyMessages.accessTypesRequired).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText(apiKeysText.noKeys).waitFor();
    await closePanel(dialog);
  });

  it('creates a key: the secret is shown once, and is gone after closing and reopening', async () => {
    const { page } = u;
    const dialog = await openPanel(page);
    await dialog.getByRole('button', { name: apiKeysText.createTitle }).click();
    const form = dialog.getByRole('form', { name: apiKeysText.createTitle });
    await form.getByLabel('Application name').fill('Report Bot');
    await form.getByLabel('Application description').fill('Writes the weekly report');
    await form.getByRole('combobox', { name: 'Period' }).selectOption('Daily');
    const rate = form.getByRole('textbox', { name: 'Rate' });
    await rate.click();
    await rate.pressSequentially('500');
    expect(await rate.inputValue()).toBe('$5.00');
    const nextYear = new Date().getUTCFullYear() + 1;
    await form.getByLabel('Expiration date (optional)').fill(`${nextYear}-06-30`);
    await form.getByRole('checkbox', { name: 'Chat' }).check();
    await page.screenshot({ path: '/tmp/api-keys-create.png' });
    await form.getByRole('button', { name: 'Create key' }).click();

    await u.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
    secret = await takeSecret(dialog, apiKeyMessages.created, {
      screenshot: '/tmp/api-keys-secret.png',
      copy: true,
    });
    const created = row(dialog, 'Report Bot');
    await created.getByText('Active', { exact: true }).waitFor();
    for (const text of [
      'Writes the weekly report',
      '$5.00 per day',
      `Jun 30, ${nextYear}`,
      'Chat',
      'No COA On File',
    ])
      await created.getByText(text, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/api-keys-list.png' });
    expect(await page.content()).not.toContain(secret);

    await closePanel(dialog);
    const again = await openPanel(page);
    await row(again, 'Report Bot').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(
      await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }])),
    ).not.toContain('amp-v1-');
    await closePanel(again);
  });

  it('the secret works against POST /api/chat, and the list shows the access', async () => {
    const answer = await chatWith(secret);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('w2');
    const dialog = await openPanel(u.page);
    await expect
      .poll(async () => {
        const cells = await row(dialog, 'Report Bot').getByRole('cell').allTextContents();
        return cells[2];
      })
      .not.toBe('Never');
    await closePanel(dialog);
  });

  it('updates the name (only an active key offers Update)', async () => {
    const dialog = await openPanel(u.page);
    await row(dialog, 'Report Bot').getByRole('button', { name: 'Update Report Bot' }).click();
    const form = dialog.getByRole('form', { name: apiKeysText.editTitle('Report Bot') });
    await form.getByLabel('Application name').fill('Report Bot 2');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('status').getByText(apiKeyMessages.updated(1)).waitFor();
    await row(dialog, 'Report Bot 2').getByText('Active', { exact: true }).waitFor();
    expect(await row(dialog, 'Report Bot').count()).toBe(0);
    await closePanel(dialog);
  });

  it('rotates after a confirmation: the old secret is refused, the new one works', async () => {
    const { page } = u;
    const dialog = await openPanel(page);
    await row(dialog, 'Report Bot 2').getByRole('button', { name: 'Rotate Report Bot 2' }).click();
    await confirmWith(page, apiKeysText.rotateTitle, 'Rotate');
    const rotated = await takeSecret(dialog, apiKeyMessages.rotated);
    expect(rotated).not.toBe(secret);
    await closePanel(dialog);

    const old = await chatWith(secret);
    expect(old.status).toBe(401);
    expect(old.text).toContain(apiKeyMessages.unknownKey);
    const fresh = await chatWith(rotated);
    expect(fresh.status).toBe(200);
    secret = rotated;
  });

  it('deactivates after a confirmation: chat refused, no update, no rotation, no reactivation', async () => {
    const { page } = u;
    const dialog = await openPanel(page);
    const key = row(dialog, 'Report Bot 2');
    await key.getByRole('button', { name: 'Deactivate Report Bot 2' }).click();
    const confirm = page.getByRole('alertdialog', { name: apiKeysText.deactivateTitle });
    await confirm.getByText(apiKeysText.deactivateMessage('Report Bot 2')).waitFor();
    await confirmWith(page, apiKeysText.deactivateTitle, 'Deactivate');
    await dialog.getByRole('status').getByText(apiKeyMessages.deactivated).waitFor();
    await key.getByText('Inactive', { exact: true }).waitFor();
    expect(await key.getByRole('button').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /reactivate|activate/i }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/api-keys-inactive.png' });

    const refused = await chatWith(secret);
    expect(refused.status).toBe(401);
    expect(refused.text).toContain(apiKeyMessages.inactive);
    await closePanel(dialog);
  });

  it("keys deactivated elsewhere meanwhile: Deactivate says it is already inactive, Rotate shows the server's refusal", async () => {
    const { page, context } = u;
    const dialog = await openPanel(page);
    const ids: string[] = [];
    for (const name of ['Stale Bot', 'Stale Rotor']) {
      await dialog.getByRole('button', { name: apiKeysText.createTitle }).click();
      const form = dialog.getByRole('form', { name: apiKeysText.createTitle });
      await form.getByLabel('Application name').fill(name);
      await form.getByRole('checkbox', { name: 'Full Access' }).check();
      await form.getByRole('button', { name: 'Create key' }).click();
      await takeSecret(dialog, apiKeyMessages.created);
      const created = row(dialog, name);
      await created.getByText('Active', { exact: true }).waitFor();
      ids.push((await created.getByTitle('API key id').innerText()).trim());
    }
    const deactivateElsewhere = async (apiKeyId: string | undefined) => {
      const answer = await context.request.post(`${platform.url}${apiKeyRoutes.deactivate}`, {
        headers: { origin: platform.url },
        data: { apiKeyId },
      });
      expect(answer.status()).toBe(200);
    };

    // The list was read before: its Rotate is refused by the server, in the dialog.
    await deactivateElsewhere(ids[1]);
    const rotor = row(dialog, 'Stale Rotor');
    await rotor.getByRole('button', { name: 'Rotate Stale Rotor' }).click();
    await confirmWith(page, apiKeysText.rotateTitle, 'Rotate');
    await dialog.getByRole('alert').getByText(apiKeyMessages.inactiveOnlyGet, { exact: true }).waitFor();
    await rotor.getByText('Inactive', { exact: true }).waitFor();
    expect(await rotor.getByRole('button').count()).toBe(0);
    expect(await dialog.getByRole('region', { name: apiKeysText.secretTitle }).count()).toBe(0);

    await deactivateElsewhere(ids[0]);
    const stale = row(dialog, 'Stale Bot');
    await stale.getByRole('button', { name: 'Deactivate Stale Bot' }).click();
    await confirmWith(page, apiKeysText.deactivateTitle, 'Deactivate');
    await dialog.getByRole('status').getByText(apiKeyMessages.alreadyInactive, { exact: true }).waitFor();
    await stale.getByText('Inactive', { exact: true }).waitFor();
    expect(await stale.getByRole('button').count()).toBe(0);
    await closePanel(dialog);
    expect(u.errors).toEqual([]);
  });

  it('a delegated key: no secret for its owner, who updates and deactivates it; its delegate rotates it to get one, or deactivates it', async () => {
    const { page } = u;
    const dialog = await openPanel(page);
    await dialog.getByRole('button', { name: apiKeysText.createTitle }).click();
    const form = dialog.getByRole('form', { name: apiKeysText.createTitle });
    await form.getByLabel('Application name').fill('Delegated Bot');
    const entry = form.getByLabel('Delegate (optional)');
    await entry.fill(delegate);
    await entry.press('Enter');
    await form.getByText(delegate, { exact: true }).waitFor();
    await form.getByRole('checkbox', { name: 'Chat' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByRole('status').getByText(apiKeyMessages.createdForDelegate(delegate)).waitFor();
    expect(await dialog.getByRole('region', { name: apiKeysText.secretTitle }).count()).toBe(0);
    const owned = row(dialog, 'Delegated Bot');
    await owned.getByText(`Delegated to ${delegate}`).waitFor();
    expect(await owned.getByRole('button').allTextContents()).toEqual(['Update', 'Deactivate']);
    await closePanel(dialog);

    const d = await signIn(browser, platform.url, delegate);
    try {
      const theirs = await openPanel(d.page);
      const used = row(theirs, 'Delegated Bot');
      await used.getByText(`Delegated by ${user}`).waitFor();
      expect(await used.getByRole('button').allTextContents()).toEqual(['Rotate', 'Deactivate']);
      await used.getByRole('button', { name: 'Rotate Delegated Bot' }).click();
      await confirmWith(d.page, apiKeysText.rotateTitle, 'Rotate');
      const delegated = await takeSecret(theirs, apiKeyMessages.rotated);
      const answer = await chatWith(delegated);
      expect(answer.status).toBe(200);
      await closePanel(theirs);
      expect(d.errors).toEqual([]);
    } finally {
      await d.context.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { userSettingsRoutes } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, openAdmin, signIn, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import {
  configureChatModels,
  numberedTokens,
  startModelServer,
  type ModelServer,
} from './support/chat-platform';
import { seriousViolations } from './support/axe';
import { closeAccountMenu, openAccountMenu } from './support/account-menu';

const admin = 'admin@example.com';
const model = testChatModel();
const question = 'Say four words';

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let session: SignedIn;

/** The sizes a screen is scanned at: a desktop and a phone. */
const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The Admin Interface's tabs a scan visits, each with what shows once its content has loaded. */
const adminTabs: { tab: string; loaded: (panel: Locator) => Locator }[] = [
  { tab: 'Configurations', loaded: (p) => p.getByRole('heading', { name: 'Admins', exact: true }) },
  { tab: 'Supported Models', loaded: (p) => p.getByRole('heading', { name: 'Default Models' }) },
  { tab: 'Application Variables', loaded: (p) => p.getByRole('heading').first() },
  { tab: 'OpenAi Endpoints', loaded: (p) => p.getByRole('heading').first() },
  { tab: 'Feature Flags', loaded: (p) => p.getByRole('region', { name: 'Add Feature' }) },
  { tab: 'Feature Data', loaded: (p) => p.getByRole('heading').first() },
  { tab: 'Ops', loaded: (p) => p.getByText('Manage Ops').first() },
  { tab: 'Embeddings', loaded: (p) => p.getByRole('heading').first() },
];

/** The chat screen's dialogs, each opened the way a user does. */
const chatDialogs: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'Model tiers', open: (p) => p.getByRole('button', { name: 'Model tiers legend' }).click() },
  { name: 'Model Pricing', open: (p) => p.getByRole('button', { name: 'View Model Pricing' }).click() },
  { name: 'Keyboard shortcuts', open: (p) => p.keyboard.press('Control+/') },
];

/** Chooses the theme as the web app saves it (the user's settings), and shows the page in it. */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const saved = await page.context().request.post(`${platform.url}${userSettingsRoutes.save}`, {
    headers: { origin: platform.url },
    data: { theme },
  });
  expect(saved.status()).toBe(200);
  const { position } = (await saved.json()) as { position: string };
  const read = await page
    .context()
    .request.get(`${platform.url}${userSettingsRoutes.get}?${new URLSearchParams({ waitFor: position })}`);
  expect(read.status()).toBe(200);
  await page.reload();
  await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
  await page.getByRole('navigation', { name: 'Conversations' }).getByText(question).first().click();
  await chatReady(page);
}

/** Closes the Admin Interface when open (also after a failed scan, so the next test starts on the chat). */
async function closeAdmin(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Admin Interface' });
  if (!(await dialog.isVisible())) return;
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The chat screen once it has shown its conversation's answer. */
async function chatReady(page: Page): Promise<void> {
  await page.getByRole('article', { name: 'Answer' }).last().getByText('w3').waitFor();
}

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  models = await startModelServer();
  browser = await launchBrowser();
  session = await signIn(browser, platform.url, admin);
  await configureChatModels(session.context, platform.url, models, [model]);
  const { page } = session;
  await page.reload();
  models.behave({ tokens: numberedTokens(4) });
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await chatReady(page);
  // A feature flag, so the Feature Flags table is scanned too.
  const dialog = await openAdmin(page);
  await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
  await dialog.getByLabel('Feature name').fill('darkMode');
  await dialog.getByRole('button', { name: 'Add Feature' }).click();
  await dialog.getByRole('button', { name: 'Disabled' }).click();
  await dialog.getByRole('button', { name: 'Edit user exceptions of darkMode' }).click();
  const editor = page.getByRole('dialog', { name: 'User Exceptions: darkMode' });
  await editor.getByLabel('Add user emails').fill('tester@example.com');
  await editor.getByLabel('Add user emails').press('Enter');
  await editor.getByRole('button', { name: 'Apply' }).click();
  await editor.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByRole('heading', { name: 'Admin Interface', exact: true }).waitFor();
  await closeAdmin(page);
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
});

describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
  beforeAll(async () => {
    await session.page.setViewportSize({ width: 1440, height: 900 });
    await useTheme(session.page, theme);
  });

  describe.each(sizes)('on a $name screen', (size) => {
    beforeAll(async () => {
      await session.page.setViewportSize({ width: size.width, height: size.height });
    });

    it('the chat screen with a conversation has no serious or critical violations', async () => {
      const { page } = session;
      await chatReady(page);
      expect.soft(await seriousViolations(page), 'the chat').toEqual([]);
      // The account menu open (on a phone, in the open sidebar drawer).
      await openAccountMenu(page);
      expect.soft(await seriousViolations(page), 'the account menu').toEqual([]);
      await closeAccountMenu(page);
      // The chat's own dialogs: the tiers' legend, the models' pricing, the keyboard shortcuts.
      for (const { open, name } of chatDialogs) {
        await open(page);
        const layer = page.getByRole('dialog', { name });
        await layer.waitFor();
        expect.soft(await seriousViolations(page, { include: ['.modal'] }), name).toEqual([]);
        await page.keyboard.press('Escape');
        await layer.waitFor({ state: 'detached' });
      }
    });

    // Ten scans of a second or two each: more than the default minute on a busy machine.
    it('each tab of the Admin Interface has no serious or critical violations', async () => {
      const { page } = session;
      const dialog = await openAdmin(page);
      onTestFinished(() => closeAdmin(page));
      for (const { tab, loaded } of adminTabs) {
        await dialog.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        const panel = dialog.getByRole('tabpanel');
        await loaded(panel).waitFor();
        await panel.getByText('Loading…').waitFor({ state: 'detached' });
        expect
          .soft(
            await seriousViolations(page, { include: ['.admin-dialog'] }),
            `${tab} (${theme}, ${size.name})`,
          )
          .toEqual([]);
      }
      // The add-model form: a layer of its own above the Admin Interface.
      await dialog.getByRole('tab', { name: /^Supported Models/ }).click();
      await dialog.getByRole('button', { name: 'Add Model' }).click();
      const form = page.getByRole('dialog', { name: 'Adding Model' });
      await form.getByLabel('ID', { exact: true }).waitFor();
      expect
        .soft(await seriousViolations(page, { include: ['.model-form-dialog'] }), 'Adding Model')
        .toEqual([]);
      await form.getByLabel('ID', { exact: true }).press('Escape');
      await form.waitFor({ state: 'detached' });

      // A flag's exceptions editor, and the question before closing with unsaved edits.
      await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
      await dialog.getByRole('button', { name: 'Edit user exceptions of darkMode' }).click();
      const editor = page.getByRole('dialog', { name: 'User Exceptions: darkMode' });
      await editor.getByText('tester@example.com').waitFor();
      expect
        .soft(await seriousViolations(page, { include: ['.exceptions-editor'] }), 'User Exceptions')
        .toEqual([]);
      await editor.getByRole('button', { name: 'Remove tester@example.com' }).click();
      await editor.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Unsaved changes' });
      await confirm.getByRole('button', { name: 'Keep editing' }).waitFor();
      expect.soft(await seriousViolations(page, { include: ['.confirm'] }), 'Unsaved changes').toEqual([]);
      await confirm.getByRole('button', { name: 'Close without saving' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(session.errors).toEqual([]);
    }, 120_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  assistantMessages,
  assistantRoutes,
  ListAssistantsResponse,
  opsRoutes,
  standardConversation,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, seeToast, signIn, type SignedIn } from './support/browser';
import { chooseFromAccountMenu } from './support/account-menu';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';

const admin = 'admin@example.com';
const owner = 'skipper@example.com';
const disclaimer = 'Tide times are estimates: check the harbour office before sailing.';
/** Registering an op calls nothing: the address is never reached in this test. */
const opUrl = 'http://127.0.0.1:9/ops';

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let o: SignedIn;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  models = await startModelServer();
  browser = await launchBrowser();
  adminSession = await signIn(browser, platform.url, admin);
  await configureChatModels(adminSession.context, platform.url, models, [testChatModel()]);
  const registered = await adminSession.context.request.post(`${platform.url}${opsRoutes.adminRegister}`, {
    headers: { origin: platform.url },
    data: {
      ops: [
        {
          name: 'get_tides',
          url: `${opUrl}/tides`,
          method: 'POST',
          description: 'The tide tables of a port',
          tags: ['Harbour', 'tides'],
          parameters: { properties: { port: { type: 'string', description: 'The port' } }, required: [] },
        },
        { name: 'get_weather', url: `${opUrl}/weather`, method: 'GET', description: '', tags: ['weather'] },
      ],
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  o = await signIn(browser, platform.url, owner);
});

afterAll(async () => {
  await adminSession?.context.close();
  await o?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
});

const picker = (page: Page): Locator => page.getByRole('combobox', { name: 'Assistant' });
const manager = (page: Page): Locator => page.getByRole('dialog', { name: 'My Assistants' });
const opsList = (dialog: Locator): Locator =>
  dialog.getByRole('region', { name: 'Tools' }).getByRole('list', { name: 'Ops' });
const opBox = (dialog: Locator, name: string): Locator =>
  opsList(dialog).getByRole('checkbox', { name: new RegExp(`^${name} `) });
const shownOps = async (dialog: Locator): Promise<string[]> =>
  opsList(dialog).locator('.ops-checklist-name').allTextContents();

describe("choosing an assistant's ops in its dialog", () => {
  it('lists the ops the user sees, finds them by name or tag, and saves the ticked one as a tool', async () => {
    const { page } = o;
    await chooseFromAccountMenu(page, 'Assistants');
    await manager(page).getByRole('button', { name: 'Create Assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Assistant' });
    await dialog.getByLabel('Name', { exact: true }).fill('Tide Keeper');
    await dialog.getByLabel('Disclaimer', { exact: true }).fill(disclaimer);
    await expect.poll(() => shownOps(dialog)).toEqual(['get_tides', 'get_weather']);
    const tides = opsList(dialog).getByRole('listitem').filter({ hasText: 'get_tides' });
    expect(await tides.innerText()).toContain(`POST ${opUrl}/tides`);
    expect(await tides.innerText()).toContain('The tide tables of a port');
    const weather = opsList(dialog).getByRole('listitem').filter({ hasText: 'get_weather' });
    expect(await weather.innerText()).toContain(`GET ${opUrl}/weather`);
    expect(await weather.innerText()).toContain('No description provided');

    const search = dialog.getByRole('searchbox', { name: 'Search ops' });
    await search.fill('HARBOUR');
    expect(await search.inputValue()).toBe('harbour');
    await expect.poll(() => shownOps(dialog)).toEqual(['get_tides']);
    await search.fill('weath');
    await expect.poll(() => shownOps(dialog)).toEqual(['get_weather']);
    await search.fill('no such op');
    await dialog.getByText('No ops match the search.').waitFor();
    await search.fill('tides');
    await opBox(dialog, 'get_tides').check();
    await search.fill('');
    expect(await opBox(dialog, 'get_weather').isChecked()).toBe(false);
    await page.screenshot({ path: '/tmp/assistant-tools-picker.png' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await seeToast(page, assistantMessages.created);
    await manager(page).getByRole('listitem', { name: 'Tide Keeper' }).waitFor();

    const listed = ListAssistantsResponse.parse(
      await (await o.context.request.get(`${platform.url}${assistantRoutes.list}`)).json(),
    );
    expect(listed.data.find((a) => a.name === 'Tide Keeper')?.tools).toEqual([
      { name: 'get_tides', description: 'The tide tables of a port' },
    ]);

    await manager(page)
      .getByRole('listitem', { name: 'Tide Keeper' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Assistant' });
    await opBox(edit, 'get_tides').waitFor();
    expect(await opBox(edit, 'get_tides').isChecked()).toBe(true);
    expect(await opBox(edit, 'get_weather').isChecked()).toBe(false);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await manager(page).getByRole('button', { name: 'Close' }).click();
    expect(o.errors).toEqual([]);
  });

  it("shows the chosen assistant's disclaimer before the user sends, and none without an assistant", async () => {
    const { page } = o;
    const note = page.getByRole('note', { name: 'Assistant disclaimer' });
    expect(await note.count()).toBe(0);
    await picker(page).locator('option', { hasText: 'Tide Keeper' }).waitFor({ state: 'attached' });
    await picker(page).selectOption({ label: 'Tide Keeper' });
    await note.getByText(disclaimer, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/assistant-disclaimer.png' });
    await picker(page).selectOption({ label: standardConversation.name });
    await note.waitFor({ state: 'detached' });
    expect(o.errors).toEqual([]);
  });
});

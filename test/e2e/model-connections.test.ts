import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminMessages, openAiCompatibleProviderHint, platformMessages } from '@app/contracts';
import { launchBrowser, signIn, type SignedIn } from './support/browser';
import { startModelServer, type ModelServer } from './support/chat-platform';
import { ModelsTab, selectOptions, type NewModel } from './support/models-tab';
import { startTestPlatform, type TestPlatform } from './support/platform';

const admin = 'admin@example.com';
const llama: NewModel = {
  id: 'llama-3',
  name: 'Llama 3',
  provider: 'OpenAI-compatible',
  available: true,
  window: '8000',
  limit: '2000',
};
const embedder: NewModel = { id: 'nomic-embed', name: 'Nomic Embed', provider: 'OpenAI-compatible' };

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let session: SignedIn;
let page: Page;
let dialog: Locator;
let tab: ModelsTab;

beforeAll(async () => {
  models = await startModelServer();
  // The embedded platform's OUTBOUND_ALLOW lists loopback: the local server may do without a key.
  platform = await startTestPlatform([admin]);
  browser = await launchBrowser();
  session = await signIn(browser, platform.url, admin);
  page = session.page;
  tab = new ModelsTab(page);
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await platform?.close();
  await models?.close();
});

const missingEndpoints = () => page.getByRole('alertdialog', { name: 'Models without an endpoint' });

describe('connecting a model in one step', () => {
  it('offers OpenAI-compatible servers as a provider, saying what they are', async () => {
    dialog = await tab.open();
    await dialog.getByRole('button', { name: 'Add Model' }).click();
    const form = tab.form('Adding Model');
    const provider = form.getByLabel('Provider');
    expect(await selectOptions(provider)).toContain('OpenAI-compatible');
    await provider.selectOption('OpenAI-compatible');
    await form.getByText(openAiCompatibleProviderHint, { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
  });

  it('warns that an available model without an endpoint cannot be chatted with; Cancel keeps the edits', async () => {
    await tab.addModel(llama);
    await tab.addModel(embedder);
    for (const label of ['Default User Model', 'Advanced Model', 'Simple Task Model']) {
      await dialog.getByLabel(label).selectOption(llama.id);
    }
    await dialog.getByLabel('Embeddings Model').selectOption(embedder.id);

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = missingEndpoints();
    await confirm.getByText(platformMessages.modelWithoutEndpoint(llama.name), { exact: true }).waitFor();
    await confirm.getByText(adminMessages.endpointTestContinue, { exact: true }).waitFor();
    // The embedding model is never 'available': it is not named.
    expect(await confirm.getByRole('listitem').count()).toBe(1);
    await page.screenshot({ path: '/work/notes/shots/model-connections-no-endpoint.png' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: 'Supported Models *' }).waitFor();
  });

  it('picks the model from Supported Models in OpenAi Endpoints and saves it with its endpoint, without a key', async () => {
    await dialog.getByRole('tab', { name: /^OpenAi Endpoints/ }).click();
    const pick = dialog.getByLabel('Model from Supported Models');
    await pick.waitFor();
    expect(await selectOptions(pick)).toEqual(['', llama.id, embedder.id]);
    expect(await pick.locator(`option[value="${llama.id}"]`).textContent()).toBe(
      `${llama.name} (${llama.id})`,
    );
    await pick.selectOption(llama.id);
    await dialog.getByRole('button', { name: 'Add Model' }).click();

    const card = dialog.getByRole('region', { name: `Model ${llama.id}`, exact: true });
    await card.getByLabel('Url of endpoint 1').fill(models.chatUrl);
    expect(await card.getByLabel('Model name').inputValue()).toBe(llama.id);
    // Listed now: the pick no longer offers it.
    expect(await selectOptions(pick)).toEqual(['', embedder.id]);

    // A name typed instead is offered the Supported Models ids not listed yet, and keeps the 'modelid' rule.
    await dialog.getByRole('button', { name: 'Add Model' }).click();
    const typed = dialog.getByRole('region', { name: 'Model modelid', exact: true });
    const listId = await typed.getByLabel('Model name').getAttribute('list');
    expect(
      await dialog
        .locator(`datalist[id="${listId}"] option`)
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual([embedder.id]);
    await typed.getByRole('button', { name: 'Add Endpoint' }).click();
    await typed.getByRole('alert').getByText(adminMessages.openAiDefaultModelName, { exact: true }).waitFor();
    await typed.getByRole('button', { name: 'Delete Model' }).click();
    await typed.waitFor({ state: 'detached' });
    await page.screenshot({ path: '/work/notes/shots/model-connections-picked.png' });

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // It has an endpoint now: no warning, the endpoint is tested and everything is saved.
    await tab.seeToast(adminMessages.saved);
    expect(await missingEndpoints().count()).toBe(0);
    await dialog.getByRole('tab', { name: 'OpenAi Endpoints', exact: true }).waitFor();
    await dialog.getByRole('tab', { name: 'Supported Models', exact: true }).waitFor();
    expect(models.requests.some((r) => r.url.endsWith('/chat/completions'))).toBe(true);
    expect(session.errors).toEqual([]);
  });
});

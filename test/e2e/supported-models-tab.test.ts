import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminMessages, AvailableModelsResponse, platformMessages } from '@app/contracts';
import { modelText } from '../../web/src/admin/supported-models/text';
import { launchBrowser, signIn, type SignedIn } from './support/browser';
import { startModelsPlatform, type ModelsTestPlatform } from './support/models-platform';
import { embed, gpt, mini, ModelsTab, selectOptions } from './support/models-tab';

const admin = 'admin@example.com';
let platform: ModelsTestPlatform;
let browser: Browser;
let session: SignedIn;
let page: Page;
let dialog: Locator;
let tab: ModelsTab;

beforeAll(async () => {
  platform = await startModelsPlatform([admin]);
  browser = await launchBrowser();
  session = await signIn(browser, platform.url, admin);
  page = session.page;
  tab = new ModelsTab(page);
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await platform?.close();
});

/** Save Changes' warning names these models, and the admin continues. */
const continueWithoutEndpoints = async (names: readonly string[]) => {
  const confirm = page.getByRole('alertdialog', { name: 'Models without an endpoint' });
  await confirm.getByRole('listitem').first().waitFor();
  expect(await confirm.getByRole('listitem').allTextContents()).toEqual(
    names.map((name) => platformMessages.modelWithoutEndpoint(name)),
  );
  await confirm.getByRole('button', { name: 'Continue saving' }).click();
  await confirm.waitFor({ state: 'detached' });
};

describe('the Supported Models tab', () => {
  it('starts empty, with the default model selectors the feature flags allow', async () => {
    dialog = await tab.open();
    await dialog.getByText(adminMessages.noSupportedModels, { exact: true }).waitFor();
    for (const label of ['Default User Model', 'Advanced Model', 'Simple Task Model', 'Embeddings Model']) {
      await dialog.getByLabel(label).waitFor();
    }
    expect(await dialog.getByLabel(/^Agent Model/).count()).toBe(0);
    expect(await dialog.getByLabel(/^Document Caching Model/).count()).toBe(0);
    await page.screenshot({ path: '/tmp/supported-models-empty.png' });
  });

  it('adds an embedding model without availability, images or reasoning: N/A in the table', async () => {
    await dialog.getByRole('button', { name: 'Add Model' }).click();
    const form = tab.form('Adding Model');
    expect(await form.locator('[data-mode]').textContent()).toBe('Adding');
    for (const name of ['Available', 'Supports Images', 'Supports Reasoning', 'Supports System Prompts']) {
      await form.getByRole('switch', { name }).waitFor();
    }
    await form.getByLabel('ID', { exact: true }).fill(embed.id);
    await form.getByRole('switch', { name: 'Available' }).waitFor({ state: 'detached' });
    expect(await form.getByRole('switch', { name: 'Supports Images' }).count()).toBe(0);
    expect(await form.getByRole('switch', { name: 'Supports Reasoning' }).count()).toBe(0);
    await form.getByRole('switch', { name: 'Supports System Prompts' }).check();
    await form.getByLabel('Name', { exact: true }).fill(embed.name);
    await form.getByLabel('Provider').selectOption(embed.provider);
    expect(await selectOptions(form.getByLabel('Provider'))).toEqual([
      '',
      'Azure',
      'OpenAI',
      'Bedrock',
      'Gemini',
      'OpenAI-compatible',
    ]);
    await form.getByRole('button', { name: 'Add Model' }).click();
    await form.waitFor({ state: 'detached' });

    await tab.row(embed.id).waitFor();
    for (const col of ['isAvailable', 'supportsImages', 'supportsReasoning']) {
      expect(await tab.cell(embed.id, col).textContent()).toBe('N/A');
    }
    expect(await tab.cell(embed.id, 'supportsSystemPrompts').textContent()).toBe('Yes');
    await dialog.getByRole('tab', { name: 'Supported Models *' }).waitFor();
  });

  it('holds the save back while no chat model is available', async () => {
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await tab.seeToast(adminMessages.noAvailableModels);
    await dialog.getByRole('tab', { name: 'Supported Models *' }).waitFor();
  });

  it('asks for ID, name and provider, and for window and limit when available; then adds the model', async () => {
    await dialog.getByRole('button', { name: 'Add Model' }).click();
    const form = tab.form('Adding Model');
    await form.getByRole('button', { name: 'Add Model' }).click();
    await form.getByRole('alert').getByText(adminMessages.modelRequiredFields, { exact: true }).waitFor();

    await tab.fillModel(form, { ...gpt, window: '', limit: '' });
    await form.getByRole('button', { name: 'Add Model' }).click();
    await form.getByRole('alert').getByText(adminMessages.modelRequiredFields, { exact: true }).waitFor();

    const window = form.getByLabel('Input Context Window');
    expect([await window.getAttribute('min'), await window.getAttribute('step')]).toEqual(['0', '1000']);
    const cost = form.getByLabel('Cached Token Cost per 1k');
    expect([await cost.getAttribute('min'), await cost.getAttribute('step')]).toEqual(['0', '0.0001']);

    await window.fill(gpt.window!);
    await form.getByLabel('Output Token Limit').fill(gpt.limit!);
    await page.screenshot({ path: '/tmp/supported-models-form.png' });
    await form.getByRole('button', { name: 'Add Model' }).click();
    await form.waitFor({ state: 'detached' });

    await tab.row(gpt.id).waitFor();
    expect(await tab.cell(gpt.id, 'name').textContent()).toContain('Unsaved');
    expect(await tab.cell(gpt.id, 'provider').textContent()).toBe('OpenAI');
    expect(await tab.cell(gpt.id, 'isAvailable').textContent()).toBe('Yes');
    expect(await tab.cell(gpt.id, 'supportsImages').textContent()).toBe('Yes');
    expect(await tab.cell(gpt.id, 'inputContextWindow').textContent()).toBe('128,000');
    expect(await tab.cell(gpt.id, 'cachedTokenCost').textContent()).toBe('$0.00125');
    expect(await tab.cell(gpt.id, 'exclusiveGroupAvailability').textContent()).toBe(modelText.allUsers);

    await tab.addModel(mini);
    expect(await tab.rowIds()).toEqual([gpt.id, mini.id, embed.id]);
  });

  it('holds the save back until every default model but agent is set; selectors offer fitting models only', async () => {
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await tab.seeToast(adminMessages.defaultModelsNotSet);

    expect(await selectOptions(dialog.getByLabel('Embeddings Model'))).toEqual(['', embed.id]);
    expect(await selectOptions(dialog.getByLabel('Default User Model'))).toEqual(['', gpt.id, mini.id]);
    await dialog.getByLabel('Default User Model').selectOption(gpt.id);
    await dialog.getByLabel('Advanced Model').selectOption(gpt.id);
    await dialog.getByLabel('Simple Task Model').selectOption(mini.id);
    await dialog.getByLabel('Embeddings Model').selectOption(embed.id);

    // The agent and document caching selectors come with their feature flags.
    await dialog.getByRole('tab', { name: /^Feature Flags/ }).click();
    for (const flag of ['agentAssistantType', 'cachedDocuments']) {
      await dialog.getByLabel('Feature name').fill(flag);
      await dialog.getByRole('button', { name: 'Add Feature' }).click();
    }
    await dialog.getByRole('tab', { name: /^Supported Models/ }).click();
    await dialog.getByLabel('Agent Model (optional)').waitFor();
    // Only models with a cached token cost above 0 can cache documents.
    expect(await selectOptions(dialog.getByLabel('Document Caching Model'))).toEqual(['', gpt.id]);

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await tab.seeToast(adminMessages.defaultModelsNotSet);
    await dialog.getByLabel('Document Caching Model').selectOption(gpt.id);
    await page.screenshot({ path: '/tmp/supported-models-table.png' });
  });

  it('saves, refreshes the models list, and a reload shows the models with who changed them', async () => {
    const refreshed = page.waitForResponse((r) => r.url().includes('/available_models') && r.ok());
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // No endpoint serves them yet: the admin is warned and saves anyway.
    await continueWithoutEndpoints([gpt.name, mini.name]);
    await tab.seeToast(adminMessages.saved);
    const models = AvailableModelsResponse.parse(await (await refreshed).json()).data;
    expect(models.models.map((m) => m.id)).toEqual([gpt.id, mini.id]);
    expect([models.default?.id, models.advanced?.id, models.cheapest?.id]).toEqual([gpt.id, gpt.id, mini.id]);
    await dialog.getByRole('tab', { name: 'Supported Models', exact: true }).waitFor();

    await page.reload();
    dialog = await tab.open();
    await tab.row(gpt.id).waitFor();
    expect(await tab.rowIds()).toEqual([gpt.id, mini.id, embed.id]);
    expect(await tab.cell(gpt.id, 'name').textContent()).not.toContain('Unsaved');
    expect(await tab.cell(gpt.id, 'description').textContent()).toBe(gpt.description);
    expect(await dialog.getByLabel('Simple Task Model').inputValue()).toBe(mini.id);
    expect(await dialog.getByLabel('Document Caching Model').inputValue()).toBe(gpt.id);
    for (const section of ['supportedModels', 'defaultModels']) {
      expect(await dialog.locator(`.changed-by[data-section="${section}"]`).textContent()).toMatch(
        /^Last changed by admin@example\.com, \d{1,2} \w{3} \d{4} \d{2}:\d{2}$/,
      );
    }
    await page.screenshot({ path: '/tmp/supported-models-saved.png' });
  });

  it('searches with the lower-cased input', async () => {
    const search = dialog.getByLabel('Search');
    await search.fill('MINI');
    expect(await search.inputValue()).toBe('mini');
    await expect.poll(() => tab.rowIds()).toEqual([mini.id]);
    await search.fill('azure');
    await expect.poll(() => tab.rowIds()).toEqual([mini.id, embed.id]);
    await search.fill('nothing-like-this');
    await dialog.getByText(modelText.noMatch, { exact: true }).waitFor();
    await search.fill('');
    await expect.poll(() => tab.rowIds()).toEqual([gpt.id, mini.id, embed.id]);
  });

  it('reminds to check the default models when a toggle leaves one available model; hides unavailable ones', async () => {
    await dialog.getByRole('button', { name: `${mini.name} available` }).click();
    await dialog.getByRole('alert').getByText(adminMessages.checkDefaultModels, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/supported-models-reminder.png' });

    await dialog.getByRole('switch', { name: modelText.hideUnavailable }).check();
    // Embedding models have no availability (N/A): they stay listed.
    await expect.poll(() => tab.rowIds()).toEqual([gpt.id, embed.id]);
    await dialog.getByRole('switch', { name: modelText.hideUnavailable }).uncheck();
    await expect.poll(() => tab.rowIds()).toEqual([gpt.id, mini.id, embed.id]);

    await dialog.getByRole('button', { name: `${mini.name} available` }).click();
    await dialog.getByText(adminMessages.checkDefaultModels).waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: 'Supported Models', exact: true }).waitFor();
  });

  it('edits a model from the actions that appear on row hover; a new id keeps its default slots', async () => {
    // A group to limit a model to, created on the Configurations tab.
    await dialog.getByRole('tab', { name: /^Configurations/ }).click();
    await dialog.getByLabel('Group name').fill('Research');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.getByRole('tab', { name: /^Supported Models/ }).click();
    await tab.row(gpt.id).waitFor();

    await page.mouse.move(0, 0);
    await expect.poll(() => tab.actionsOpacity(gpt.id)).toBe('0');
    await tab.row(gpt.id).hover();
    await expect.poll(() => tab.actionsOpacity(gpt.id)).toBe('1');
    await page.screenshot({ path: '/tmp/supported-models-hover.png' });
    await dialog.getByRole('button', { name: `Edit ${gpt.name}`, exact: true }).click();

    let form = tab.form(`Editing Model: ${gpt.name}`);
    expect(await form.locator('[data-mode]').textContent()).toBe('Editing');
    expect(await form.getByLabel('ID', { exact: true }).inputValue()).toBe(gpt.id);
    expect(await form.getByLabel('Input Context Window').inputValue()).toBe('128000');
    expect(await form.getByRole('switch', { name: 'Supports Images' }).isChecked()).toBe(true);
    await form.getByLabel('Description').fill('The everyday model');
    await form.getByLabel('Additional System Prompt').fill('Answer briefly.');
    await form
      .getByRole('group', { name: 'Available to User via Amplify Group Membership' })
      .getByLabel('Research')
      .check();
    await form.getByRole('button', { name: 'Update Model' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => tab.cell(gpt.id, 'description').textContent()).toBe('The everyday model');
    expect(await tab.cell(gpt.id, 'systemPrompt').textContent()).toBe('Answer briefly.');
    expect(
      await tab.cell(gpt.id, 'exclusiveGroupAvailability').getByRole('listitem').allTextContents(),
    ).toEqual(['Research']);

    await tab.row(mini.id).hover();
    await dialog.getByRole('button', { name: `Edit ${mini.name}`, exact: true }).click();
    form = tab.form(`Editing Model: ${mini.name}`);
    await form.getByLabel('ID', { exact: true }).fill('gpt-4o-mini-2024');
    await form.getByRole('button', { name: 'Update Model' }).click();
    await form.waitFor({ state: 'detached' });
    await tab.row('gpt-4o-mini-2024').waitFor();
    expect(await dialog.getByLabel('Simple Task Model').inputValue()).toBe('gpt-4o-mini-2024');
  });

  it('deletes a model from the hover actions after a confirmation', async () => {
    await tab.addModel({ id: 'scratch', name: 'Scratch', provider: 'Gemini' });
    await tab.row('scratch').hover();
    await dialog.getByRole('button', { name: 'Delete Scratch' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete model' });
    await confirm.getByText(modelText.deleteConfirm('Scratch', 'scratch'), { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await tab.row('scratch').waitFor();

    await tab.row('scratch').hover();
    await dialog.getByRole('button', { name: 'Delete Scratch' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await tab.row('scratch').waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // The renamed model is a new id without an endpoint; the one saved so already is not named again.
    await continueWithoutEndpoints([mini.name]);
    await tab.seeToast(adminMessages.saved);
    await page.reload();
    dialog = await tab.open();
    await tab.row('gpt-4o-mini-2024').waitFor();
    expect(await tab.rowIds()).toEqual([gpt.id, 'gpt-4o-mini-2024', embed.id]);
    expect(await tab.cell(gpt.id, 'exclusiveGroupAvailability').textContent()).toBe('Research');
    expect(await tab.cell(gpt.id, 'systemPrompt').textContent()).toBe('Answer briefly.');
  });

  it('shows a built-in model: its id cannot be edited and it cannot be deleted', async () => {
    await platform.seedBuiltInModels([
      {
        id: 'claude-sonnet',
        name: 'Claude Sonnet',
        provider: 'Bedrock',
        isAvailable: true,
        inputContextWindow: 200000,
        outputTokenLimit: 8000,
      },
    ]);
    // Live: the platform's change arrives in the open dialog.
    await tab.row('claude-sonnet').waitFor();
    expect(await tab.cell('claude-sonnet', 'name').textContent()).toContain('Built-in');
    await tab.row('claude-sonnet').hover();
    expect(await dialog.getByRole('button', { name: 'Delete Claude Sonnet' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Edit Claude Sonnet' }).click();
    const form = tab.form('Editing Model: Claude Sonnet');
    const id = form.getByLabel('ID', { exact: true });
    expect(await id.getAttribute('readonly')).not.toBeNull();
    await form.getByText(modelText.builtInIdFixed, { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(session.errors).toEqual([]);
  });
});

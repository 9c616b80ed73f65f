import type { Locator, Page } from 'playwright-core';
import { openAdmin, toast } from './browser';

export interface NewModel {
  id: string;
  name: string;
  provider: string;
  available?: boolean;
  window?: string;
  limit?: string;
  costs?: [string, string, string];
  images?: boolean;
  description?: string;
}

export const gpt: NewModel = {
  id: 'gpt-4o',
  name: 'GPT 4o',
  provider: 'OpenAI',
  available: true,
  window: '128000',
  limit: '16000',
  costs: ['0.0025', '0.01', '0.00125'],
  images: true,
  description: 'Fast multimodal model',
};
export const mini: NewModel = {
  id: 'gpt-4o-mini',
  name: 'GPT 4o Mini',
  provider: 'Azure',
  available: true,
  window: '128000',
  limit: '16000',
  costs: ['0.00015', '0.0006', '0'],
};
export const embed: NewModel = {
  id: 'text-embedding-3-small',
  name: 'Text Embedding 3 Small',
  provider: 'Azure',
};

/** What an admin does on the Supported Models tab, in the words of the page. */
export class ModelsTab {
  dialog!: Locator;

  constructor(readonly page: Page) {}

  /** Opens the Admin Interface on the Supported Models tab. */
  async open(): Promise<Locator> {
    this.dialog = await openAdmin(this.page);
    await this.dialog.getByRole('tab', { name: /^Supported Models/ }).click();
    await this.dialog.getByRole('heading', { name: 'Default Models' }).waitFor();
    return this.dialog;
  }

  /** A table row (one element, its pinned cells included) and one of its cells. */
  row(id: string): Locator {
    return this.dialog.locator(`[role="row"][row-id="${id}"]`);
  }

  cell(id: string, col: string): Locator {
    return this.dialog.locator(`[row-id="${id}"] [col-id="${col}"]`);
  }

  /** The ids in the order shown (the grid keeps rows in the DOM in any order). */
  async rowIds(): Promise<string[]> {
    return (await this.dialog.locator('[role="row"][row-id]').evaluateAll((rows) =>
      rows
        .map((r) => ({ at: Number(r.getAttribute('aria-rowindex')), id: r.getAttribute('row-id') }))
        .sort((a, b) => a.at - b.at)
        .map((r) => r.id),
    )) as string[];
  }

  /** The opacity of a row's Edit and Delete buttons: '1' while shown. */
  actionsOpacity(id: string): Promise<string> {
    return this.dialog
      .locator(`[row-id="${id}"] .model-row-actions`)
      .evaluate((el) => getComputedStyle(el).opacity);
  }

  /** The add/edit form (its own modal layer, outside the Admin Interface). */
  form(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** The toast is shown; it is then dismissed, so the same message can be seen again. */
  async seeToast(text: string): Promise<void> {
    const message = toast(this.page, text);
    await message.waitFor();
    await this.page
      .locator('.toast', { has: this.page.getByText(text, { exact: true }) })
      .getByRole('button', { name: 'Dismiss notification' })
      .click();
    await message.waitFor({ state: 'detached' });
  }

  async fillModel(form: Locator, m: NewModel): Promise<void> {
    await form.getByLabel('ID', { exact: true }).fill(m.id);
    await form.getByLabel('Name', { exact: true }).fill(m.name);
    await form.getByLabel('Provider').selectOption(m.provider);
    if (m.description) await form.getByLabel('Description').fill(m.description);
    if (m.window) await form.getByLabel('Input Context Window').fill(m.window);
    if (m.limit) await form.getByLabel('Output Token Limit').fill(m.limit);
    if (m.costs) {
      await form.getByLabel('Input Token Cost per 1k').fill(m.costs[0]);
      await form.getByLabel('Output Token Cost per 1k').fill(m.costs[1]);
      await form.getByLabel('Cached Token Cost per 1k').fill(m.costs[2]);
    }
    if (m.available) await form.getByRole('switch', { name: 'Available' }).check();
    if (m.images) await form.getByRole('switch', { name: 'Supports Images' }).check();
  }

  async addModel(m: NewModel): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Add Model' }).click();
    const form = this.form('Adding Model');
    await this.fillModel(form, m);
    await form.getByRole('button', { name: 'Add Model' }).click();
    await form.waitFor({ state: 'detached' });
    await this.row(m.id).waitFor();
  }
}

/** The values a select offers, in order. */
export const selectOptions = (select: Locator): Promise<string[]> =>
  select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));

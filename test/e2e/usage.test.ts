import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { usageRoutes, usageScreenMessages, type UsageResponse } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { openAdmin, savedDownload } from './support/browser';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { numberedTokens } from './support/chat-platform';
import { askAndWait } from './support/chat-page';
import { chooseFromAccountMenu, chooseTheme } from './support/account-menu';
import { seriousViolations } from './support/axe';

const admin = 'admin@example.com';
const user = 'user@example.com';
// $1 and $2 per 1k tokens: an answer of 10 words to the model server's 10 prompt tokens costs $0.03.
const modelA = testChatModel({
  id: 'usage-model-a',
  name: 'Usage Model A',
  inputTokenCost: 1,
  outputTokenCost: 2,
});
const modelB = testChatModel({
  id: 'usage-model-b',
  name: 'Usage Model B',
  inputTokenCost: 1,
  outputTokenCost: 2,
});
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

let fixture: ChatFixture;

const day = (at: Date): string => at.toISOString().slice(0, 10);
/** The Usage screens' first period: the last 7 UTC days, today included. */
const lastWeek = () => {
  const now = Date.now();
  return { from: day(new Date(now - 6 * 86_400_000)), to: day(new Date(now + 86_400_000)) };
};

/** The admin's report through the API (the roll-ups are built after the chats: asked until they are in). */
const report = async (by: string): Promise<UsageResponse> => {
  const { from, to } = lastWeek();
  const answer = await fixture.adminSession.context.request.get(
    `${fixture.platform.url}${usageRoutes.admin}?${new URLSearchParams({ from, to, by }).toString()}`,
  );
  expect(answer.status()).toBe(200);
  return (await answer.json()) as UsageResponse;
};

/** Sizes the page and waits for the chat's layout of that size (a phone's sidebar button, else the account menu). */
const resize = async (page: Page, viewport: { width: number; height: number }) => {
  await page.setViewportSize(viewport);
  await page.getByRole('button', { name: viewport.width < 600 ? 'Open sidebar' : 'Account menu' }).waitFor();
};

const chooseModel = (page: Page, id: string) =>
  page.getByRole('combobox', { name: 'Model' }).selectOption(id);

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [modelA, modelB] });
  fixture.models.behave({ tokens: numberedTokens(10) });
});

afterAll(() => fixture?.close());

/** An AG Grid table's rows, in the order shown: each row's cells by column id. */
const gridRows = (grid: Locator): Promise<Record<string, string>[]> =>
  grid.locator('.ag-row[row-index]').evaluateAll((rows) =>
    rows
      .map((r) => ({
        index: Number(r.getAttribute('row-index')),
        cells: Object.fromEntries(
          [...r.querySelectorAll('[col-id]')].map((c) => [
            c.getAttribute('col-id') ?? '',
            c.textContent ?? '',
          ]),
        ),
      }))
      .sort((x, y) => x.index - y.index)
      .map((r) => r.cells),
  );

/** What the totals say, by name. */
const totalsOf = async (scope: Locator): Promise<Record<string, string>> => {
  const region = scope.getByRole('region', { name: 'Totals' });
  await region.waitFor();
  return Object.fromEntries(
    await region
      .locator('.usage-total')
      .evaluateAll((items) =>
        items.map((i) => [
          i.querySelector('.usage-total-name')?.textContent ?? '',
          i.querySelector('.usage-total-value')?.textContent ?? '',
        ]),
      ),
  );
};

/** The chart is drawn: an svg with its bars. */
const expectChart = async (scope: Locator) => {
  const chart = scope.locator('.usage-chart-box');
  await chart.locator('svg .mark-rect path').first().waitFor({ state: 'attached' });
  expect(await chart.locator('svg .mark-rect path').count()).toBeGreaterThan(0);
};

const openUsageTab = async (page: Page): Promise<Locator> => {
  const dialog = await openAdmin(page);
  await dialog.getByRole('tab', { name: 'Usage' }).click();
  await expectChart(dialog);
  return dialog;
};

/** Nothing scrolls sideways: the page, nor the box the usage view is in (tables scroll in their own). */
const expectNoSidewaysScroll = async (page: Page, box: string) => {
  const widths = await page.evaluate((selector) => {
    const el = document.querySelector(selector);
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      box: el ? el.scrollWidth - el.clientWidth : -1,
    };
  }, box);
  expect(widths).toEqual({ page: 0, box: 0 });
};

const csvRows = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(','));

describe('usage, seeded by chats', () => {
  it('counts the chats of two people on two models', async () => {
    // The user: two questions to A and one to B; the admin: one to A.
    const { page } = fixture.u;
    await chooseModel(page, modelA.id);
    await askAndWait(page, 'First to A');
    await askAndWait(page, 'Second to A');
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await chooseModel(page, modelB.id);
    await askAndWait(page, 'One to B');
    // The admin signed in before the models were there.
    await fixture.adminSession.page.reload();
    await chooseModel(fixture.adminSession.page, modelA.id);
    await askAndWait(fixture.adminSession.page, 'The admin to A');
    await expect.poll(async () => (await report('day')).totals.requests, { timeout: 20_000 }).toBe(4);
  });
});

describe('usage, the Admin Interface', () => {
  it('shows the totals, the chart and the tables of everyone, and exports the table as the API gives it', async () => {
    const { page } = fixture.adminSession;
    const dialog = await openUsageTab(page);
    expect(await totalsOf(dialog)).toEqual({
      Requests: '4',
      'Input tokens': '40',
      'Output tokens': '40',
      Cost: '$0.12',
    });
    await dialog.getByText('Cost by day', { exact: true }).waitFor();

    // By user (the first table): the user's three requests, the admin's one.
    const grid = dialog.locator('.usage-grid');
    await expect
      .poll(async () => (await gridRows(grid)).map((r) => [r['name'], r['Requests'], r['cost']]))
      .toEqual([
        [user, '3', '$0.09'],
        [admin, '1', '$0.03'],
      ]);

    // By model, and its CSV: the same rows as the table.
    await dialog.getByLabel('Table by').selectOption('model');
    const byModel = await report('model');
    const names = byModel.rows.map((r) => r.label ?? r.key);
    expect(byModel.rows.map((r) => [r.key, r.requests])).toEqual([
      [modelA.id, 3],
      [modelB.id, 1],
    ]);
    await expect.poll(async () => (await gridRows(grid)).map((r) => r['name'])).toEqual(names);
    const shown = await gridRows(grid);
    expect(shown.map((r) => r['Requests'])).toEqual(['3', '1']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^usage-by-model-.*\.csv$/);
    const csv = csvRows(await readFile(await savedDownload(download), 'utf8'));
    expect(csv.map((c) => [c[0], c[2]])).toEqual(byModel.rows.map((r) => [r.key, String(r.requests)]));

    // The model filter: only B's request.
    await dialog.getByLabel('Model', { exact: true }).selectOption(modelB.id);
    await expect.poll(async () => (await totalsOf(dialog))['Requests']).toBe('1');

    // A period without requests.
    await dialog.getByLabel('Period').selectOption('custom');
    await dialog.getByRole('textbox', { name: 'From', exact: true }).fill('2025-01-01');
    await dialog.getByRole('textbox', { name: 'To', exact: true }).fill('2025-01-02');
    await dialog.getByText(usageScreenMessages.empty, { exact: true }).waitFor();

    expect(await seriousViolations(page, { include: ['[role="dialog"]'] })).toEqual([]);
    await page.keyboard.press('Escape');
    expect(fixture.adminSession.errors).toEqual([]);
  });

  it('fits a desktop and a phone, light and dark', { timeout: 180_000 }, async () => {
    const { page } = fixture.adminSession;
    for (const theme of ['light', 'dark'] as const) {
      await resize(page, desktop);
      await chooseTheme(page, theme);
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ] as const) {
        // Opened on the desktop, then the window narrowed to the size (the dialog is full screen).
        await resize(page, desktop);
        const dialog = await openUsageTab(page);
        await page.setViewportSize(viewport);
        await expectNoSidewaysScroll(page, '.admin-panel');
        await dialog.locator('.usage-chart').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/work/notes/shots/usage-admin-${size}-${theme}.png` });
        expect(await seriousViolations(page, { include: ['[role="dialog"]'] })).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    }
    await resize(page, desktop);
    await chooseTheme(page, 'light');
  });
});

describe('usage, a user’s own', () => {
  it('shows only their requests: totals, chart and the table by model', { timeout: 180_000 }, async () => {
    const { page } = fixture.u;
    for (const theme of ['light', 'dark'] as const) {
      await resize(page, desktop);
      await chooseTheme(page, theme);
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ] as const) {
        await resize(page, desktop);
        await chooseFromAccountMenu(page, 'Usage');
        const dialog = page.getByRole('dialog', { name: usageScreenMessages.dialogTitle });
        await page.setViewportSize(viewport);
        await expectChart(dialog);
        expect(await totalsOf(dialog)).toEqual({
          Requests: '3',
          'Input tokens': '30',
          'Output tokens': '30',
          Cost: '$0.09',
        });
        await expect
          .poll(async () => (await gridRows(dialog.locator('.usage-grid'))).map((r) => r['Requests']))
          .toEqual(['2', '1']);
        await expectNoSidewaysScroll(page, '.usage-dialog');
        await dialog.locator('.usage-chart').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/work/notes/shots/usage-user-${size}-${theme}.png` });
        expect(await seriousViolations(page, { include: ['.usage-dialog'] })).toEqual([]);
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
    }
    expect(fixture.u.errors).toEqual([]);
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { BROWSER_ENDPOINT_VARIABLE, SHARED_DIR_VARIABLE } from './run-variables';
import { chooseFromAccountMenu, signedInMark } from './account-menu';

/** Debian's Chromium, headless, as every browser test runs it. */
export const chromiumOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The run's Chromium when the global setup launched one (each file connects, and its close only
 * disconnects, taking its contexts along), else a Chromium of this file's own.
 */
export const launchBrowser = (): Promise<Browser> => {
  const endpoint = process.env[BROWSER_ENDPOINT_VARIABLE];
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumOptions);
};

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  /** Errors the page logged or threw: a test ends by expecting none. */
  errors: string[];
}

/** A fresh browser context (its own cookies) signed in through the development sign-in page. */
export async function signIn(browser: Browser, baseURL: string, email: string): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // Answers such as the 401 of /auth/me before sign-in are the app's business, not errors.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signedInMark(page).first().waitFor();
  return { context, page, errors };
}

/**
 * Opens the Admin Interface from the account menu and waits until the configuration is loaded and
 * live updates flow.
 */
export async function openAdmin(page: Page): Promise<Locator> {
  await chooseFromAccountMenu(page, 'Admin Interface');
  const dialog = page.getByRole('dialog', { name: 'Admin Interface' });
  await dialog.getByRole('tab', { name: /^Configurations/ }).waitFor();
  await dialog.locator('[data-live="live"]').waitFor();
  await dialog.getByRole('heading', { name: 'Admins', exact: true }).waitFor();
  return dialog;
}

/** A toast with exactly this text. */
export const toast = (page: Page, text: string): Locator =>
  page.locator('.toast').filter({ has: page.getByText(text, { exact: true }) });

/** Waits for a toast with exactly this text, then dismisses it so the next one is a new one. */
export async function seeToast(page: Page, text: string): Promise<void> {
  const found = toast(page, text).first();
  await found.waitFor();
  await found.getByRole('button', { name: 'Dismiss notification' }).click();
  await toast(page, text).first().waitFor({ state: 'detached' });
}

/** The names in the first column of an AG Grid table, in the order shown. */
export const shownRowNames = (grid: Locator, selector: string): Promise<string[]> =>
  grid.locator('.ag-row[row-index]').evaluateAll(
    (rows, sel) =>
      rows
        .map((r) => ({
          index: Number(r.getAttribute('row-index')),
          name: r.querySelector(sel)?.textContent ?? '',
        }))
        .sort((x, y) => x.index - y.index)
        .map((r) => r.name),
    selector,
  );

/**
 * A local copy of a download, under its suggested name in a fresh folder (in the run's shared folder,
 * removed at its end): the run's shared Chromium is connected to, and a connected browser's downloads
 * have no local path of their own.
 */
export async function savedDownload(download: Download): Promise<string> {
  const base = process.env[SHARED_DIR_VARIABLE] ?? tmpdir();
  const file = path.join(await mkdtemp(path.join(base, 'download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

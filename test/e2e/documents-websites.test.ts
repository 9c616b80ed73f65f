import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { fileRoutes, urlCheckMessages, websiteMessages, websiteRoutes } from '@app/contracts';
import { launchBrowser, signIn, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const user = 'websites-user@example.com';

/** Three pages with distinct text, a sitemap listing them, on 127.0.0.1. */
const pages: Record<string, string> = {
  '/lighthouse': 'The blue lighthouse of Port Elwin is lit from September to April.',
  '/ferry': 'The ferry to Skerry Island leaves at seven and returns at noon.',
  '/market': 'The fish market opens on Thursdays in the old harbour hall.',
};

interface Site {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

const startSite = async (): Promise<Site> => {
  const requests: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const text = pages[path];
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Object.keys(
          pages,
        )
          .map((p) => `<url><loc>${origin}${p}</loc></url>`)
          .join('')}</urlset>`,
      );
    } else if (text !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>${path}</title></head><body><p>${text}</p></body></html>`);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

let platform: TestPlatform;
let site: Site;
let browser: Browser;
let u: SignedIn;

beforeAll(async () => {
  site = await startSite();
  // Only this test lets users' website fetches reach loopback: its local site.
  platform = await startTestPlatform([], { websiteAllow: ['127.0.0.1'] });
  browser = await launchBrowser();
  u = await signIn(browser, platform.url, user);
});

afterAll(async () => {
  await u?.context.close();
  await browser?.close();
  await platform?.close();
  await site?.close();
});

const panelOf = (page: Page): Locator => page.getByRole('region', { name: 'My documents' });
const form = (page: Page): Locator => panelOf(page).getByRole('group', { name: 'Add a website' });
const urlInput = (page: Page): Locator => form(page).getByRole('textbox', { name: 'Website URL' });
const said = (page: Page, text: string): Locator => form(page).getByText(text, { exact: true });

describe('websites and sitemaps in the documents panel', () => {
  it("says the URL check's words as the user types, and the sitemap warning without refusing", async () => {
    const { page } = u;
    await page.getByRole('button', { name: 'Documents' }).click();
    await panelOf(page).getByText('No documents yet.').waitFor();
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().endsWith(websiteRoutes.add)) asked++;
    });
    await form(page).getByRole('button', { name: 'Add website' }).click();
    await said(page, urlCheckMessages.required).waitFor();
    await urlInput(page).fill('ftp://example.com');
    await said(page, urlCheckMessages.scheme).waitFor();
    await urlInput(page).fill('intranet');
    await said(page, urlCheckMessages.topLevelDomain).waitFor();
    await urlInput(page).press('Enter');
    await said(page, urlCheckMessages.topLevelDomain).waitFor();
    expect(asked).toBe(0);
    await page.screenshot({ path: '/tmp/documents-websites-refused.png' });

    await form(page).getByRole('checkbox', { name: 'Sitemap' }).check();
    await urlInput(page).fill(`${site.origin}/pages`);
    await said(page, urlCheckMessages.notSitemapLike).waitFor();
    await said(page, urlCheckMessages.topLevelDomain).waitFor({ state: 'detached' });
    await urlInput(page).fill(`${site.origin}/sitemap.xml`);
    await said(page, urlCheckMessages.notSitemapLike).waitFor({ state: 'detached' });
  });

  it("shows the server's refusal inline: a sitemap address that answers 404", async () => {
    const { page } = u;
    await urlInput(page).fill(`${site.origin}/gone-sitemap.xml`);
    const answered = page.waitForResponse((r) => r.url().endsWith(websiteRoutes.add));
    await form(page).getByRole('button', { name: 'Add website' }).click();
    expect((await answered).status()).toBe(422);
    await said(page, websiteMessages.httpStatus(404)).waitFor();
    await panelOf(page).getByText('No documents yet.').waitFor();
  });

  it('adds a sitemap: its pages are fetched from the local site and listed under it, expandable', async () => {
    const { page } = u;
    const host = new URL(site.origin).host;
    await urlInput(page).fill(`${site.origin}/sitemap.xml`);
    const answered = page.waitForResponse((r) => r.url().endsWith(websiteRoutes.add));
    await urlInput(page).press('Enter');
    expect((await answered).status()).toBe(200);
    await form(page).getByRole('status').getByText('Added 4 documents.').waitFor();
    expect(await urlInput(page).inputValue()).toBe('');

    const list = panelOf(page).getByRole('region', { name: 'Documents' });
    const group = list.getByRole('button', { name: `▸ ${host} sitemap (3)` });
    await group.waitFor();
    // The pages are in the group, not beside it, until it is opened.
    for (const path of Object.keys(pages)) expect(await list.getByText(`${host}${path}`).count()).toBe(0);
    await group.click();
    await list.getByRole('button', { name: `▾ ${host} sitemap (3)` }).waitFor();
    for (const path of Object.keys(pages)) await list.getByText(`${host}${path}`, { exact: true }).waitFor();
    // The workers fetched every page from the local site through the website client.
    await expect
      .poll(() => Object.keys(pages).every((path) => site.requests.includes(path)), { timeout: 60_000 })
      .toBe(true);
    await page.screenshot({ path: '/tmp/documents-websites-grouped.png' });

    // The list as the server reads it again (the panel closed and opened) still groups them.
    await page.getByRole('button', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Documents' }).click();
    await list.getByRole('button', { name: `▸ ${host} sitemap (3)` }).waitFor();
  });

  it("removes one page, then the sitemap's remaining documents with Remove all", async () => {
    const { page } = u;
    const host = new URL(site.origin).host;
    const list = panelOf(page).getByRole('region', { name: 'Documents' });
    await list.getByRole('button', { name: `▸ ${host} sitemap (3)` }).click();
    const deletedOne = page.waitForResponse((r) => r.url().endsWith(fileRoutes.delete));
    await list.getByRole('button', { name: `Remove ${host}/ferry` }).click();
    expect((await deletedOne).status()).toBe(200);
    await list.getByRole('button', { name: `▾ ${host} sitemap (2)` }).waitFor();

    let deletes = 0;
    page.on('response', (r) => {
      if (r.url().endsWith(fileRoutes.delete) && r.status() === 200) deletes++;
    });
    await list.getByRole('button', { name: 'Remove all' }).click();
    await panelOf(page).getByText('No documents yet.').waitFor();
    await expect.poll(() => deletes).toBe(3);
    expect(u.errors).toEqual([]);
  });
});

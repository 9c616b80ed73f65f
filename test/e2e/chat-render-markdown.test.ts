import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { renderMessages } from '@app/contracts';
import { launchBrowser, savedDownload } from './support/browser';
import { buildRenderHarness } from './support/render-harness/build-harness';
import { fence, openHarness, showMessage } from './support/render-harness/harness-page';
import { startHarnessServer, type HarnessServer } from './support/render-harness/harness-server';

let server: HarnessServer;
/** The same page without the platform's CSP: only our rendering keeps a model's script from running. */
let bare: HarnessServer;
let browser: Browser;

beforeAll(async () => {
  const dist = await buildRenderHarness();
  server = await startHarnessServer(dist);
  bare = await startHarnessServer(dist, { csp: false });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await bare?.close();
});

describe('a message rendered as markdown', () => {
  it('runs none of the HTML, scripts or javascript: links of a model, and loads none of its images', async () => {
    const { context, page, errors, dialogs, message } = await openHarness(browser, bare.url);
    const text = [
      '# Report',
      'Some **bold** text and `inline code`.',
      '<script>window.__pwned = "script"</script>',
      '<img src="x" onerror="window.__pwned = \'img\'">',
      '[run me](javascript:window.__pwned=%22link%22)',
      `![a chart of sales](${bare.url}/image.png)`,
      '[the docs](https://example.com/docs)',
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ].join('\n\n');
    await showMessage(page, text);
    await message.getByRole('heading', { name: 'Report' }).waitFor();

    expect(await message.locator('strong').textContent()).toBe('bold');
    expect(await message.locator('table td').allTextContents()).toEqual(['1', '2']);
    expect(await message.locator('script, img, iframe, object, embed').count()).toBe(0);
    // The javascript: link is text, not a link; clicking it does nothing.
    expect(await message.getByRole('link', { name: 'run me' }).count()).toBe(0);
    await message.getByText('run me').click();
    // The image is a link to it, labelled with its alt text, never loaded.
    const image = message.getByRole('link', { name: 'Image: a chart of sales' });
    expect(await image.getAttribute('href')).toBe(`${bare.url}/image.png`);
    const docs = message.getByRole('link', { name: 'the docs' });
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect((await docs.getAttribute('rel'))?.split(' ')).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );

    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(bare.strayRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a code block', () => {
  const code = 'def greet(name):\n    return f"Hello, {name}"';

  it('shows its language; Copy code copies it and says Copied! for a while', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await showMessage(page, `Here:\n\n${fence('python', code)}`);
    const block = message.locator('.code-block');
    expect(await block.locator('.code-block-language').textContent()).toBe('python');
    expect(await block.locator('pre').textContent()).toBe(code);

    await block.getByRole('button', { name: 'Copy code' }).click();
    await block.getByRole('button', { name: renderMessages.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // Then it goes back to Copy code by itself.
    await block.getByRole('button', { name: 'Copy code' }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Download asks for a file name in the page (code.py offered) and saves the code under it', async () => {
    const { context, page, errors, dialogs, message } = await openHarness(browser, server.url);
    await showMessage(page, fence('python', code));
    const block = message.locator('.code-block');
    await block.getByRole('button', { name: 'Download' }).click();
    const form = block.getByRole('form', { name: 'Download code' });
    const name = form.getByLabel('File name');
    expect(await name.inputValue()).toBe('code.py');

    await name.fill('../secret');
    await form.getByRole('button', { name: 'Download' }).click();
    await form.getByText(renderMessages.fileNameInvalid).waitFor();

    await name.fill('greet.py');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('greet.py');
    expect(await readFile(await savedDownload(download), 'utf8')).toBe(code);
    await form.waitFor({ state: 'detached' });

    // Escape closes the form without a download.
    await block.getByRole('button', { name: 'Download' }).click();
    await block.getByLabel('File name').press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { externalApiMessages } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, signIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const ann = 'ann@example.com';
let platform: TestPlatform;
let browser: Browser;

/** A local API: answers JSON naming what it received; records every request. */
const startApi = async (host: string) => {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ weather: 'sunny', path: req.url }));
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return { server, seen, origin: `http://${host}:${(server.address() as AddressInfo).port}` };
};
let allowed: Awaited<ReturnType<typeof startApi>>;
let notListed: Awaited<ReturnType<typeof startApi>>;

beforeAll(async () => {
  allowed = await startApi('127.0.0.1');
  notListed = await startApi('127.0.0.2');
  // What admins type goes through the client for users' addresses: only 127.0.0.1 is allowed here.
  platform = await startTestPlatform([ann], { websiteAllow: ['127.0.0.1'] });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
  for (const s of [allowed, notListed]) await new Promise((r) => s?.server.close(r));
});

describe('External API editor (Ops tab)', () => {
  it('the required fields, Test refused for an unlisted loopback address, Test shows the JSON, saved with the token masked', async () => {
    const { page, errors, context } = await signIn(browser, platform.url, ann);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Ops' }).click();
    const section = dialog.getByRole('region', { name: 'External APIs' });
    await section.getByText(externalApiMessages.empty).waitFor();
    await section.getByRole('button', { name: 'Add External API' }).click();
    const editor = section.getByRole('form', { name: 'External API editor' });

    // Saving an empty definition names the three required fields, and sends nothing.
    await editor.getByRole('button', { name: 'Save' }).click();
    for (const m of [
      externalApiMessages.nameRequired,
      externalApiMessages.urlRequired,
      externalApiMessages.descriptionRequired,
    ])
      await editor.getByText(m).waitFor();

    await editor.getByLabel('Name').fill('Weather');
    await editor.getByLabel('Description').fill('The weather of a city');
    await editor.getByLabel('Authentication').selectOption('bearer');
    await editor.getByLabel('Token').fill('bearer-token-abcdefgh');

    // A loopback address that is not on the allow list: refused, the server saw nothing.
    await editor.getByLabel('URL').fill(`${notListed.origin}/weather`);
    await editor.getByRole('button', { name: 'Test' }).click();
    await editor.getByText(externalApiMessages.testNotPublic).waitFor();
    expect(notListed.seen).toEqual([]);

    // The allowed local API: its JSON is shown.
    await editor.getByLabel('URL').fill(`${allowed.origin}/weather?city=Paris`);
    await editor.getByRole('button', { name: 'Test' }).click();
    const result = editor.getByRole('region', { name: 'Test result' });
    await result.getByText('"weather": "sunny"').waitFor();
    await result.getByText('Status 200').waitFor();
    expect(allowed.seen).toEqual([
      { url: '/weather?city=Paris', authorization: 'Bearer bearer-token-abcdefgh' },
    ]);

    await editor.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, externalApiMessages.saved('Weather'));
    const list = section.getByRole('table', { name: 'External APIs list' });
    await list.getByRole('cell', { name: 'Weather', exact: true }).waitFor();

    // Edited again: the token shows only as a mask; a Test with it uses the saved token.
    await list.getByRole('button', { name: 'Edit Weather' }).click();
    const token = await editor.getByLabel('Token').inputValue();
    expect(token).not.toContain('bearer-token');
    expect(token.endsWith('efgh')).toBe(true);
    allowed.seen.length = 0;
    await editor.getByRole('button', { name: 'Test' }).click();
    await editor.getByRole('region', { name: 'Test result' }).getByText('"weather": "sunny"').waitFor();
    expect(allowed.seen[0]?.authorization).toBe('Bearer bearer-token-abcdefgh');
    expect(await page.content()).not.toContain('bearer-token-abcdefgh');

    await editor.getByRole('button', { name: 'Cancel' }).click();
    await list.getByRole('button', { name: 'Delete Weather' }).click();
    await seeToast(page, externalApiMessages.deleted('Weather'));
    await section.getByText(externalApiMessages.empty).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminMessages, displayUrl, maskOf, platformMessages, sectionLabels } from '@app/contracts';
import { launchBrowser, openAdmin, signIn, toast } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const admin = 'admin@example.com';
let platform: TestPlatform;
let browser: Browser;
/** A tiny OpenAI-compatible model server on 127.0.0.1. */
let modelServer: Server;
let modelUrl: string;
/** A url on 127.0.0.1 where nothing listens. */
let deadUrl: string;
const received: { path: string; authorization: string | undefined }[] = [];
/** Answers to '/slow/…' wait here until the test lets them go. */
const held: (() => void)[] = [];
const releaseHeld = () => held.splice(0).forEach((answerNow) => answerNow());

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const answer = (req: IncomingMessage): { status: number; body: unknown } =>
  req.method === 'POST' && (req.url ?? '').split('?')[0]?.endsWith('/chat/completions')
    ? {
        status: 200,
        body: {
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!' }, finish_reason: 'stop' }],
        },
      }
    : { status: 404, body: { error: 'not found' } };

beforeAll(async () => {
  modelServer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization });
      const { status, body } = answer(req);
      const send = () =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if ((req.url ?? '').startsWith('/slow/')) held.push(send);
      else send();
    });
  });
  modelUrl = `http://127.0.0.1:${await listen(modelServer)}/v1/chat/completions`;
  const closed = createServer();
  const deadPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  deadUrl = `http://127.0.0.1:${deadPort}/v1/chat/completions`;

  platform = await startTestPlatform([admin], { outboundAllow: ['127.0.0.1'] });
  browser = await launchBrowser();
});

afterAll(async () => {
  releaseHeld();
  await browser?.close();
  await platform?.close();
  await new Promise((resolve) => modelServer?.close(resolve));
});

const openTab = async (page: Page): Promise<Locator> => {
  const dialog = await openAdmin(page);
  await dialog.getByRole('tab', { name: /^OpenAi Endpoints/ }).click();
  await dialog.getByRole('button', { name: 'Add Model' }).waitFor();
  return dialog;
};

const model = (dialog: Locator, name: string) =>
  dialog.getByRole('region', { name: `Model ${name}`, exact: true });

/** Adds a model, names it and gives it one endpoint with `url` and `key`. */
const addModelWithEndpoint = async (dialog: Locator, name: string, url: string, key: string) => {
  await dialog.getByRole('button', { name: 'Add Model' }).click();
  await model(dialog, 'modelid').getByLabel('Model name').fill(name);
  const card = model(dialog, name);
  await card.getByRole('button', { name: 'Add Endpoint' }).click();
  const count = await card.getByRole('row').count();
  await card.getByLabel(`Url of endpoint ${count - 1}`).fill(url);
  await card.getByLabel(`Key of endpoint ${count - 1}`, { exact: true }).fill(key);
  return card;
};

const save = (dialog: Locator) => dialog.getByRole('button', { name: 'Save Changes' }).click();

describe('the OpenAi Endpoints tab', () => {
  it('says when there are no endpoints', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openTab(page);
    await dialog.getByText(adminMessages.noOpenAiEndpoints, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the model name rules: the default 'modelid' and unique names", async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openTab(page);
    const addModel = dialog.getByRole('button', { name: 'Add Model' });

    await addModel.click();
    const fresh = model(dialog, 'modelid');
    expect(await fresh.getByLabel('Model name').inputValue()).toBe('modelid');
    await dialog.getByRole('tab', { name: 'OpenAi Endpoints *' }).waitFor();

    // A second model while one is still called 'modelid'.
    await addModel.click();
    await dialog
      .getByRole('alert')
      .getByText(adminMessages.openAiModelNameExists('modelid'), { exact: true })
      .waitFor();

    // Endpoints only once the default name is changed.
    await fresh.getByRole('button', { name: 'Add Endpoint' }).click();
    await fresh.getByRole('alert').getByText(adminMessages.openAiDefaultModelName, { exact: true }).waitFor();
    await fresh.getByLabel('Model name').fill('gpt-4o');
    const first = model(dialog, 'gpt-4o');
    await first.getByRole('button', { name: 'Add Endpoint' }).click();
    await first.getByLabel('Url of endpoint 1').waitFor();

    // With endpoints the name is fixed and the model cannot be deleted.
    expect(await first.getByLabel('Model name').getAttribute('readonly')).not.toBeNull();
    expect(await first.getByRole('button', { name: 'Delete Model' }).isDisabled()).toBe(true);

    // A second model may not take a name in use.
    await addModel.click();
    await model(dialog, 'modelid').getByLabel('Model name').fill('gpt-4o');
    const second = dialog.getByRole('region', { name: 'Model gpt-4o' }).nth(1);
    await second.getByRole('button', { name: 'Add Endpoint' }).click();
    await second
      .getByRole('alert')
      .getByText(adminMessages.openAiModelNameExists('gpt-4o'), { exact: true })
      .waitFor();

    // An empty model is deleted.
    await second.getByRole('button', { name: 'Delete Model' }).click();
    await expect.poll(() => dialog.getByRole('region', { name: 'Model gpt-4o' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/openai-endpoints-rules.png' });

    // The reload button discards it all.
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.getByText(adminMessages.noOpenAiEndpoints, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes selected endpoints with select-all, then the empty model', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openTab(page);
    const card = await addModelWithEndpoint(dialog, 'many', 'http://a.example.com/v1', 'k1');
    for (let i = 0; i < 2; i++) await card.getByRole('button', { name: 'Add Endpoint' }).click();
    await card.getByLabel('Url of endpoint 3').waitFor();

    // One by one…
    await card.getByLabel('Select endpoint 2').check();
    await card.getByRole('button', { name: 'Delete Selected (1)' }).click();
    await expect.poll(() => card.getByRole('row').count()).toBe(3);
    expect(await card.getByLabel('Url of endpoint 1').inputValue()).toBe('http://a.example.com/v1');

    // …and all at once.
    await card.getByLabel('Select all endpoints').check();
    await card.getByRole('button', { name: 'Delete Selected (2)' }).click();
    await card.getByText('No endpoints yet. Add one with Add Endpoint.').waitFor();
    await card.getByRole('button', { name: 'Delete Model' }).click();
    await dialog.getByText(adminMessages.noOpenAiEndpoints, { exact: true }).waitFor();
    await dialog.getByRole('tab', { name: 'OpenAi Endpoints', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an endpoint without a key on a public address: its test and its save say it needs a key', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openTab(page);
    const url = 'http://nokey.example.com/v1';
    const card = await addModelWithEndpoint(dialog, 'no-key-model', url, '');
    const keyInput = card.getByLabel('Key of endpoint 1', { exact: true });
    expect(await keyInput.getAttribute('placeholder')).toBe(platformMessages.endpointKeyPlaceholder);
    const hintId = await keyInput.getAttribute('aria-describedby');
    expect(hintId).not.toBeNull();
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe(
      platformMessages.endpointKeyOptionalHint,
    );
    await save(dialog);

    const needsKey = platformMessages.endpointKeyRequired('no-key-model', url);
    const confirm = page.getByRole('alertdialog', { name: 'Endpoint test failed' });
    await confirm.waitFor();
    expect(await confirm.locator('.endpoint-test-reason').textContent()).toBe(`Reason: ${needsKey}`);
    await confirm.getByRole('button', { name: 'Continue saving' }).click();
    await toast(page, adminMessages.partialSaveFailed([sectionLabels.openaiEndpoints])).waitFor();
    await dialog.getByText(needsKey, { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a keyless server on loopback (OUTBOUND_ALLOW): tested and saved without a key, no Authorization sent', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openTab(page);
    const before = received.length;
    await addModelWithEndpoint(dialog, 'local-keyless', modelUrl, '');
    await save(dialog);
    await toast(page, adminMessages.saved).waitFor();
    expect(received.slice(before)).toEqual([{ path: '/v1/chat/completions', authorization: undefined }]);
    await dialog.getByRole('tab', { name: 'OpenAi Endpoints', exact: true }).waitFor();

    await page.reload();
    dialog = await openTab(page);
    const saved = model(dialog, 'local-keyless');
    expect(await saved.getByLabel('Url of endpoint 1').inputValue()).toBe(modelUrl);
    const keyInput = saved.getByLabel('Key of endpoint 1', { exact: true });
    expect(await keyInput.inputValue()).toBe('');
    expect(await keyInput.getAttribute('placeholder')).toBe(platformMessages.endpointNoKey);

    await saved.getByLabel('Select endpoint 1').check();
    await saved.getByRole('button', { name: 'Delete Selected (1)' }).click();
    await save(dialog);
    await toast(page, adminMessages.openAiModelRemoved('local-keyless')).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tests a new endpoint before saving; one that answers is saved with its key masked', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openTab(page);
    const key = 'sk-local-test-key-3456';
    const card = await addModelWithEndpoint(dialog, 'gpt-local', modelUrl, key);
    await card.getByText('New', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/openai-endpoints-new.png' });
    await save(dialog);
    await toast(page, adminMessages.saved).waitFor();
    expect(received).toContainEqual({ path: '/v1/chat/completions', authorization: `Bearer ${key}` });
    await dialog.getByRole('tab', { name: 'OpenAi Endpoints', exact: true }).waitFor();

    await page.reload();
    dialog = await openTab(page);
    const saved = model(dialog, 'gpt-local');
    const keyInput = saved.getByLabel('Key of endpoint 1', { exact: true });
    expect(await saved.getByLabel('Url of endpoint 1').inputValue()).toBe(modelUrl);
    expect(await keyInput.inputValue()).toBe('');
    expect(await keyInput.getAttribute('placeholder')).toBe(maskOf('3456'));
    expect(await page.content()).not.toContain(key);
    await dialog.getByText(`Last changed by ${admin}`).waitFor();

    await saved.getByRole('button', { name: 'Reveal Key of endpoint 1' }).click();
    await expect.poll(() => keyInput.inputValue()).toBe(key);
    await page.screenshot({ path: '/tmp/openai-endpoints-saved.png' });
    await saved.getByRole('button', { name: 'Hide Key of endpoint 1' }).click();
    await expect.poll(() => keyInput.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the tests in progress while Save Changes waits for them', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    const dialog = await openTab(page);
    const slowUrl = modelUrl.replace('/v1/', '/slow/v1/');
    await addModelWithEndpoint(dialog, 'gpt-slow', slowUrl, 'sk-slow-endpoint-key');
    await save(dialog);
    const progress = page.getByRole('dialog', { name: 'Testing new endpoints' });
    await progress.getByRole('status').getByText('Tested 0 of 1').waitFor();
    await progress.getByText('Testing…').waitFor();
    await page.screenshot({ path: '/tmp/openai-endpoints-testing.png' });
    await expect.poll(() => held.length).toBe(1);
    releaseHeld();
    await toast(page, adminMessages.saved).waitFor();
    await progress.waitFor({ state: 'detached' });
    await model(dialog, 'gpt-slow').getByLabel('Select endpoint 1').check();
    await model(dialog, 'gpt-slow').getByRole('button', { name: 'Delete Selected (1)' }).click();
    await save(dialog);
    await toast(page, adminMessages.openAiModelRemoved('gpt-slow')).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new endpoint that cannot be reached: the failure and a question; cancel saves nothing, continue saves', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openTab(page);
    await addModelWithEndpoint(dialog, 'gpt-dead', deadUrl, 'sk-dead-endpoint-key');
    await save(dialog);

    const confirm = page.getByRole('alertdialog', { name: 'Endpoint test failed' });
    await confirm.waitFor();
    expect(await confirm.locator('.endpoint-test-message').textContent()).toBe(
      adminMessages.endpointTestFailed(displayUrl(deadUrl)),
    );
    await confirm.getByText(adminMessages.endpointTestContinue, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/openai-endpoints-test-failed.png' });

    // Cancel: nothing is saved, the edits stay.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: 'OpenAi Endpoints *' }).waitFor();
    await page.reload();
    dialog = await openTab(page);
    await model(dialog, 'gpt-local').waitFor();
    expect(await model(dialog, 'gpt-dead').count()).toBe(0);

    // Continue: saved anyway.
    await addModelWithEndpoint(dialog, 'gpt-dead', deadUrl, 'sk-dead-endpoint-key');
    await save(dialog);
    await confirm.getByRole('button', { name: 'Continue saving' }).click();
    await toast(page, adminMessages.saved).waitFor();
    await dialog.getByRole('tab', { name: 'OpenAi Endpoints', exact: true }).waitFor();
    await page.reload();
    dialog = await openTab(page);
    const saved = model(dialog, 'gpt-dead');
    expect(await saved.getByLabel('Url of endpoint 1').inputValue()).toBe(deadUrl);
    expect(await saved.getByLabel('Key of endpoint 1', { exact: true }).getAttribute('placeholder')).toBe(
      maskOf('-key'),
    );

    // The saved pair is tested no more: another save goes straight through.
    await saved.getByLabel('Select endpoint 1').check();
    await saved.getByRole('button', { name: 'Delete Selected (1)' }).click();
    await save(dialog);
    await toast(page, adminMessages.openAiModelRemoved('gpt-dead')).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a url with a credential (?api-key=) is tested with the whole url, then shown masked', async () => {
    const { context, page, errors } = await signIn(browser, platform.url, admin);
    let dialog = await openTab(page);
    const credential = 'sk-url-credential-0000-UCRD';
    await addModelWithEndpoint(
      dialog,
      'gpt-url-key',
      `${modelUrl}?api-key=${credential}`,
      'sk-url-model-key',
    );
    await addModelWithEndpoint(dialog, 'gpt-url-other', modelUrl, 'sk-url-other-key');
    await save(dialog);
    await toast(page, adminMessages.saved).waitFor();
    expect(received.some((r) => r.path === `/v1/chat/completions?api-key=${credential}`)).toBe(true);

    await page.reload();
    dialog = await openTab(page);
    const url = model(dialog, 'gpt-url-key').getByLabel('Url of endpoint 1');
    expect(await url.inputValue()).toBe(`${modelUrl}?api-key=${maskOf('UCRD')}`);
    expect(await url.getAttribute('title')).toBe(platformMessages.urlCredentialsMasked);
    expect(await page.content()).not.toContain(credential);

    // Another model's endpoint deleted: the section goes back with this url masked, and it stays.
    await model(dialog, 'gpt-url-other').getByLabel('Select endpoint 1').check();
    await model(dialog, 'gpt-url-other').getByRole('button', { name: 'Delete Selected (1)' }).click();
    await save(dialog);
    await toast(page, adminMessages.openAiModelRemoved('gpt-url-other')).waitFor();
    await page.reload();
    dialog = await openTab(page);
    expect(await model(dialog, 'gpt-url-key').getByLabel('Url of endpoint 1').inputValue()).toBe(
      `${modelUrl}?api-key=${maskOf('UCRD')}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

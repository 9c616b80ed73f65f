import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  apiKeyMessages,
  apiKeyRoutes,
  ApiKeysResponse,
  assistantCreator,
  apiKeyManager,
  apiDocHelper,
  blockMessages,
  blockTexts,
  chatRoute,
  opsRoutes,
  type ChatRequestInput,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, signIn, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';

const admin = 'admin@example.com';
const user = 'builtins-user@example.com';
const model = testChatModel();

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let u: SignedIn;
let n = 0;
/** A local service an op of the user's reads (loopback, allowed to users' URLs in this test only). */
let tides: Server;
let tidesOrigin = '';
const tideRequests: string[] = [];

beforeAll(async () => {
  tides = createServer((req, res) => {
    tideRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ harbour: 'Port Elwin', tide: 'high at 14:05' }));
  });
  await new Promise<void>((resolve) => tides.listen(0, '127.0.0.1', resolve));
  tidesOrigin = `http://127.0.0.1:${(tides.address() as AddressInfo).port}`;
  platform = await startTestPlatform([admin], { websiteAllow: ['127.0.0.1'] });
  models = await startModelServer();
  browser = await launchBrowser();
  adminSession = await signIn(browser, platform.url, admin);
  await configureChatModels(adminSession.context, platform.url, models, [model]);
  u = await signIn(browser, platform.url, user);
});

afterAll(async () => {
  await adminSession?.context.close();
  await u?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
  await new Promise((resolve) => tides?.close(resolve));
});

const picker = (page: Page): Locator => page.getByRole('combobox', { name: 'Assistant' });
const lastAnswer = (page: Page): Locator => page.getByRole('article', { name: 'Answer' }).last();
const block = (page: Page, title: string): Locator =>
  lastAnswer(page).getByRole('region', { name: title, exact: true });

/** The model's next reply: prose, then a fenced block, streamed in a few tokens. */
const reply = (language: string, body: string, before = 'Here it is.') =>
  models.behave({
    tokens: [`${before}\n\n`, '```', `${language}\n`, body, '\n```\n', '\nClick the button to go ahead.'],
  });

/** Sends a message and waits for its answer to be the last one and complete. */
const send = async (page: Page, text: string) => {
  const answers = page.getByRole('article', { name: 'Answer' });
  const before = await answers.count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => answers.count()).toBe(before + 1);
  await page.locator('article[aria-label="Answer"][aria-busy="true"]').waitFor({ state: 'detached' });
};

/** POST /api/chat from outside the browser, with the key as the only credential. */
const chatWith = async (secret: string): Promise<{ status: number; text: string }> => {
  const body: ChatRequestInput = {
    model: model.id,
    max_tokens: 50,
    messages: [{ role: 'user', content: 'Hello from an API key' }],
    options: { requestId: `builtins-e2e-${++n}` },
  };
  const res = await fetch(`${platform.url}${chatRoute}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
};

const myKeys = async () =>
  ApiKeysResponse.parse(await (await u.context.request.get(`${platform.url}${apiKeyRoutes.get}`)).json())
    .data;

/** The secret a block shows once. */
const shownSecret = async (where: Locator): Promise<string> => {
  const secret = (await where.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^amp-v1-[A-Za-z0-9_-]{43}$/);
  await where.getByText(blockTexts.secretOnce).waitFor();
  return secret;
};

describe('the Assistant Creator', () => {
  it('is offered with the other built-ins; its reply drafts an assistant the user creates by clicking', async () => {
    const { page } = u;
    await picker(page).locator('option', { hasText: apiDocHelper.name }).waitFor({ state: 'attached' });
    await picker(page).locator('option', { hasText: apiKeyManager.name }).waitFor({ state: 'attached' });
    await picker(page).selectOption({ label: assistantCreator.name });
    const draft = {
      name: 'Tide Helper',
      description: 'Knows the tides.',
      instructions: 'You are Tide Helper. Answer with the tide times.',
      disclaimer: 'Check the official tables.',
    };
    reply('assistant', JSON.stringify(draft));
    await send(page, 'Make me an assistant for tides');
    const shown = block(page, 'Assistant draft');
    await shown.getByText(draft.instructions).waitFor();
    // The built-in's instructions went to the model.
    expect(JSON.stringify(models.requests.at(-1)?.body)).toContain('You are the Assistant Creator.');
    // Nothing is created before the click.
    await expect.poll(() => picker(page).locator('option', { hasText: draft.name }).count()).toBe(0);
    await shown.getByRole('button', { name: blockTexts.createAssistant }).click();
    await shown.getByRole('status').getByText(blockTexts.assistantCreated(draft.name)).waitFor();
    await picker(page).locator('option', { hasText: draft.name }).waitFor({ state: 'attached' });
    await expect.poll(() => picker(page).locator('option', { hasText: draft.name }).count()).toBe(1);
  });

  it('a block waits while its message streams: nothing to click until the message is complete', async () => {
    const { page } = u;
    const draft = { name: 'Slow Helper', description: '', instructions: 'You are slow.', disclaimer: '' };
    const tokens = ['Drafting.\n\n', '```assistant\n', JSON.stringify(draft), '\n```\n'];
    models.behave({
      tokens: [...tokens, ...Array.from({ length: 12 }, (_, i) => ` more${i}`)],
      tokenDelayMs: 250,
    });
    const answers = page.getByRole('article', { name: 'Answer' });
    const before = await answers.count();
    await page.getByRole('textbox', { name: 'Message' }).fill('Draft slowly');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => answers.count()).toBe(before + 1);
    const shown = block(page, 'Assistant draft');
    await shown.getByText(blockTexts.waitingForMessage).waitFor();
    expect(await shown.getByRole('button').count()).toBe(0);
    await shown.getByRole('button', { name: blockTexts.createAssistant }).waitFor();
    await lastAnswer(page).getByText('more11').waitFor();
    models.behave({});
  });

  it('a malformed draft shows what is wrong and offers nothing to click', async () => {
    const { page } = u;
    reply('assistant', JSON.stringify({ description: 'No name', instructions: 'x' }));
    await send(page, 'Make another');
    const shown = block(page, 'Assistant draft');
    await shown
      .getByRole('alert')
      .getByText(blockMessages.invalid('assistant', [`name ${blockMessages.missing}`]))
      .waitFor();
    expect(await shown.getByRole('button').count()).toBe(0);
  });
});

describe('the Amplify API Key Manager', () => {
  let secret = '';
  let apiKeyId = '';

  it('CREATE: the key is created on click, its secret shown once, and it chats through /api/chat', async () => {
    const { page } = u;
    await picker(page).selectOption({ label: apiKeyManager.name });
    const data = {
      account: null,
      delegate: null,
      appName: 'Block Bot',
      appDescription: 'Made through a block',
      rateLimit: { period: 'Daily', rate: 5 },
      expirationDate: null,
      accessTypes: ['chat'],
      systemUse: false,
    };
    reply('APIkey', JSON.stringify({ OP: 'CREATE', DATA: data }));
    await send(page, 'Create a chat key for Block Bot');
    const shown = block(page, 'API key operation');
    await shown.getByText('Made through a block').waitFor();
    expect(await myKeys()).toEqual([]);
    await shown.getByRole('button', { name: blockTexts.apiKeyRun.CREATE }).click();
    await shown.getByRole('status').getByText(apiKeyMessages.created).waitFor();
    secret = await shownSecret(shown);
    const keys = await myKeys();
    expect(keys.map((k) => [k.applicationName, k.active, k.accessTypes])).toEqual([
      ['Block Bot', true, ['chat']],
    ]);
    apiKeyId = keys[0]?.apiKeyId ?? '';

    models.behave({ tokens: ['Answer', ' to', ' a', ' key.'] });
    const chatted = await chatWith(secret);
    expect(chatted.status).toBe(200);
    expect(chatted.text).toContain('key.');
  });

  it('GET shows the keys; Rotate answers a new secret once: the old one is refused, the new one works', async () => {
    const { page } = u;
    reply('APIkey', JSON.stringify({ OP: 'GET', DATA: [] }));
    await send(page, 'Show my keys');
    const shown = block(page, 'API key operation');
    await shown.getByRole('button', { name: blockTexts.apiKeyRun.GET }).click();
    const key = shown.getByRole('listitem', { name: 'Block Bot' });
    await key.getByText(`Id: ${apiKeyId}`).waitFor();
    await key.getByRole('button', { name: blockTexts.rotate }).click();
    await key.getByRole('status').getByText(apiKeyMessages.rotated).waitFor();
    const rotated = await shownSecret(key);
    expect(rotated).not.toBe(secret);

    models.behave({ tokens: ['Rotated', ' answer.'] });
    expect((await chatWith(secret)).status).toBe(401);
    const fresh = await chatWith(rotated);
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain('answer.');
    secret = rotated;
  });

  it('DEACTIVATE deactivates on click: the key is refused; again, it only says the key is inactive', async () => {
    const { page } = u;
    reply('APIkey', JSON.stringify({ OP: 'DEACTIVATE', DATA: [{ id: apiKeyId, name: 'Block Bot' }] }));
    await send(page, 'Deactivate Block Bot');
    const shown = block(page, 'API key operation');
    await shown.getByRole('button', { name: blockTexts.apiKeyRun.DEACTIVATE }).click();
    await shown.getByRole('status').getByText(`Block Bot: ${apiKeyMessages.deactivated}`).waitFor();
    expect((await myKeys()).map((k) => k.active)).toEqual([false]);
    const refused = await chatWith(secret);
    expect(refused.status).toBe(401);

    // By name this time (the model did not know the id).
    reply('APIkey', JSON.stringify({ OP: 'DEACTIVATE', DATA: [{ id: '', name: 'Block Bot' }] }));
    await send(page, 'Deactivate it again');
    const again = block(page, 'API key operation');
    await again.getByRole('button', { name: blockTexts.apiKeyRun.DEACTIVATE }).click();
    await again.getByRole('status').getByText(`Block Bot: ${apiKeyMessages.alreadyInactive}`).waitFor();
  });

  it('a malformed APIkey block shows its error and does nothing', async () => {
    const { page } = u;
    const before = await myKeys();
    reply('APIkey', JSON.stringify({ OP: 'ROTATE', DATA: [{ id: apiKeyId, name: 'Block Bot' }] }));
    await send(page, 'Rotate it');
    const shown = block(page, 'API key operation');
    await shown
      .getByRole('alert')
      .getByText(blockMessages.invalid('APIkey', [blockMessages.unknownOp('"ROTATE"')]))
      .waitFor();
    expect(await shown.getByRole('button').count()).toBe(0);

    reply('APIkey', `Create this: ${JSON.stringify({ OP: 'CREATE', DATA: { appName: 'Sneaky' } })}`);
    await send(page, 'Create one more');
    const prose = block(page, 'API key operation');
    await prose
      .getByRole('alert')
      .getByText(/^The APIkey block is not valid JSON/)
      .waitFor();
    expect(await prose.getByRole('button').count()).toBe(0);
    expect(await myKeys()).toEqual(before);
  });
});

describe('the Amplify API Assistant', () => {
  it('an empty APIdoc block shows the documentation (none uploaded yet); one with text is an error', async () => {
    const { page } = u;
    await picker(page).selectOption({ label: apiDocHelper.name });
    models.behave({ tokens: ['The documentation:\n\n', '```APIdoc\n', '```\n'] });
    await send(page, 'Where are the docs?');
    await block(page, 'API documentation').getByText(blockTexts.apiDocNone).waitFor();

    reply('APIdoc', 'show everything');
    await send(page, 'Again');
    await block(page, 'API documentation')
      .getByRole('alert')
      .getByText(blockMessages.apiDocNotEmpty)
      .waitFor();
  });

  it('autoArtifacts opens the artifact dialog prefilled; a new artifact gets its id, a revision keeps it', async () => {
    const { page } = u;
    const artifact = {
      instructions: 'A Python sample calling the chat API.',
      includeArtifactsId: [],
      id: '',
      name: 'Chat sample',
      description: 'Calls chat.',
      type: 'code',
    };
    reply('autoArtifacts', JSON.stringify(artifact));
    await send(page, 'Give me a sample');
    const shown = block(page, 'Artifact');
    await shown.getByRole('button', { name: blockTexts.openArtifact }).click();
    const dialog = page.getByRole('dialog', { name: 'Create artifact' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Chat sample');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Calls chat.');
    expect(await dialog.getByLabel('Type').inputValue()).toBe('code');
    expect(await dialog.getByLabel('Instructions').inputValue()).toBe(artifact.instructions);
    // The chat's model writes the content on the user's click; they review it before creating.
    models.behave({ tokens: ['print(', '"hello")'] });
    await dialog.getByRole('button', { name: 'Generate content' }).click();
    await expect.poll(() => dialog.getByLabel('Content').inputValue()).toBe('print("hello")');
    expect(JSON.stringify(models.requests.at(-1)?.body)).toContain(artifact.instructions);
    await dialog.getByRole('button', { name: blockTexts.createArtifact }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = shown.getByRole('status');
    await saved.getByText(/^Artifact Chat_sample-\d{7} saved in this conversation\.$/).waitFor();
    const id = /Chat_sample-\d{7}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
    await shown.getByRole('listitem', { name: 'Chat sample' }).getByText('v1 · code').waitFor();

    reply('autoArtifacts', JSON.stringify({ ...artifact, id, name: 'Chat sample' }));
    await send(page, 'Revise it');
    const revision = block(page, 'Artifact');
    await revision.getByRole('button', { name: blockTexts.openArtifact }).click();
    const revise = page.getByRole('dialog', { name: `Revise artifact ${id}` });
    expect(await revise.getByLabel('Content').inputValue()).toBe('print("hello")');
    await revise.getByLabel('Content').fill('print("hello again")');
    await revise.getByRole('button', { name: blockTexts.reviseArtifact }).click();
    await revision.getByRole('status').getByText(blockTexts.artifactSaved(id)).waitFor();
    const listed = revision.getByRole('listitem', { name: 'Chat sample' });
    await listed.getByText(id, { exact: true }).waitFor();
    await listed.getByText('v2 · code').waitFor();
    expect(await revision.getByRole('listitem').count()).toBe(1);
  });

  it('auto runs the data-fetch ops it names only on Run, through POST /ops, and shows their answers', async () => {
    const { page } = u;
    const registered = await u.context.request.post(`${platform.url}${opsRoutes.register}`, {
      headers: { origin: platform.url },
      data: { ops: [{ name: 'getTide', url: `${tidesOrigin}/tide`, method: 'GET', tags: ['tides'] }] },
    });
    expect(registered.status()).toBe(200);
    reply('auto', JSON.stringify({ ops: [{ name: 'getTide', params: {} }] }));
    await send(page, 'What is the tide?');
    const shown = block(page, 'Data-fetch operations');
    await shown.getByText('getTide').waitFor();
    expect(tideRequests).toEqual([]);
    await shown.getByRole('button', { name: blockTexts.runOps }).click();
    await shown
      .getByRole('region', { name: 'Result of getTide' })
      .getByText(/high at 14:05/)
      .waitFor();
    expect(tideRequests).toEqual(['GET /tide']);
  });
});

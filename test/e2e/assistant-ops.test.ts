import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { assistantRoutes, opsRoutes } from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, signIn, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';

const admin = 'admin@example.com';
const owner = 'forecaster@example.com';

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let o: SignedIn;
/** The op's API: a local server on 127.0.0.1 (users' addresses may reach it in this test only). */
let opServer: Server;
let opOrigin: string;
const opCalls: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  opServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      opCalls.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ forecast: 'sunny and 24 degrees' }));
    });
  });
  await new Promise<void>((resolve) => opServer.listen(0, '127.0.0.1', resolve));
  opOrigin = `http://127.0.0.1:${(opServer.address() as AddressInfo).port}`;
  platform = await startTestPlatform([admin], { websiteAllow: ['127.0.0.1'] });
  models = await startModelServer();
  browser = await launchBrowser();
  adminSession = await signIn(browser, platform.url, admin);
  await configureChatModels(adminSession.context, platform.url, models, [testChatModel()]);
  o = await signIn(browser, platform.url, owner);
});

afterAll(async () => {
  await adminSession?.context.close();
  await o?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
  await new Promise<void>((resolve) => opServer?.close(() => resolve()));
});

describe('an assistant with an op', () => {
  it('calls the op against its server while it answers, and the answer uses the result', async () => {
    const headers = { origin: platform.url };
    const registered = await adminSession.context.request.post(`${platform.url}${opsRoutes.adminRegister}`, {
      headers,
      data: {
        ops: [
          {
            name: 'get_weather',
            url: `${opOrigin}/weather`,
            method: 'POST',
            description: 'The weather of a city',
            tags: ['weather'],
            parameters: {
              properties: { city: { type: 'string', description: 'The city' } },
              required: ['city'],
            },
          },
        ],
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const created = await o.context.request.post(`${platform.url}${assistantRoutes.create}`, {
      headers,
      data: {
        name: 'Weather Guide',
        description: 'Knows the weather.',
        instructions: 'Call get_weather for the weather.',
        tools: [{ name: 'get_weather', description: 'The weather of a city' }],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    models.behave({
      toolCall: { name: 'get_weather', arguments: { city: 'Paris' } },
      echoToolResult: true,
      tokens: ['Enjoy', ' Paris', ...Array.from({ length: 30 }, () => ' ~'), ' !'],
      // The answer streams for a while after the call, its status lines shown meanwhile.
      tokenDelayMs: 100,
    });

    const { page, errors } = o;
    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Assistant' });
    await picker.locator('option', { hasText: 'Weather Guide' }).waitFor({ state: 'attached' });
    await picker.selectOption({ label: 'Weather Guide' });
    await page.getByRole('textbox', { name: 'Message' }).fill('What is the weather in Paris?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.getByRole('article', { name: 'Answer' }).last();
    // The op's call has its status line while the answer streams.
    await answer.getByRole('status').filter({ hasText: 'Calling get_weather...' }).waitFor();
    await answer.getByText(/sunny and 24 degrees/).waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    expect(await answer.innerText()).toContain('Enjoy Paris');
    expect(opCalls.map((c) => [c.method, c.url, JSON.parse(c.body) as unknown])).toEqual([
      ['POST', '/weather', { city: 'Paris' }],
    ]);
    const chat = models.requests.filter((r) => r.url.includes('/chat/completions'));
    const offered = chat[0]?.body['tools'] as { function: { name: string } }[] | undefined;
    expect(offered?.map((t) => t.function.name)).toEqual(['get_weather']);
    expect(errors).toEqual([]);
  });
});

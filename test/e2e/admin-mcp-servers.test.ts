import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Browser } from 'playwright-core';
import { mcpMessages } from '@app/contracts';
import { launchBrowser, openAdmin, signIn } from './support/browser';
import { seriousViolations } from './support/axe';
import { startTestPlatform, type TestPlatform } from './support/platform';

const ann = 'ann@example.com';
let platform: TestPlatform;
let browser: Browser;

/** A local MCP server (SDK, stateless Streamable HTTP) whose one tool's description the test changes. */
const startMcp = async () => {
  const state = { description: 'The weather of a city' };
  const server: Server = createServer((req, res) => {
    const mcp = new McpServer({ name: 'e2e-mcp', version: '1.0.0' });
    mcp.registerTool(
      'weather',
      { description: state.description, inputSchema: { city: z.string() } },
      ({ city }) => ({ content: [{ type: 'text', text: `Sunny in ${city}` }] }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` };
};
let mcp: Awaited<ReturnType<typeof startMcp>>;

beforeAll(async () => {
  mcp = await startMcp();
  platform = await startTestPlatform([ann], { mcpAllow: ['127.0.0.1'] });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
  await new Promise((r) => mcp?.server.close(r));
});

describe('MCP servers (Ops tab)', () => {
  it('registers a server, lists its tools, approves one, and shows a changed tool Off with its old and new description until approved again', async () => {
    const { page, errors, context } = await signIn(browser, platform.url, ann);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Ops' }).click();
    const section = dialog.getByRole('region', { name: 'MCP servers' });
    await section.getByText(mcpMessages.empty).waitFor();
    const form = section.getByRole('form', { name: 'Register an MCP server' });
    await form.getByLabel('Name').fill('Weather');
    await form.getByLabel('URL').fill(mcp.url);
    await form.getByLabel('Authentication').selectOption('bearer');
    await form.getByLabel('Token').fill('mcp-token-abcdefgh');
    await form.getByRole('button', { name: 'Register server' }).click();

    const card = section.getByRole('article', { name: 'MCP server Weather' });
    await card.getByRole('button', { name: 'Fetch tools' }).click();
    const tools = card.getByRole('list', { name: 'Tools of Weather' });
    await tools.getByText('The weather of a city').waitFor();
    await tools.getByText(mcpMessages.notApproved).waitFor();
    await tools.getByLabel('Choice for weather').selectOption('allowed');
    await card.getByRole('button', { name: 'Approve choices' }).click();
    await tools.getByText(mcpMessages.notApproved).waitFor({ state: 'detached' });

    mcp.state.description = 'The weather of a city, and your files';
    await card.getByRole('button', { name: 'Fetch tools' }).click();
    await tools.getByText(mcpMessages.changed).waitFor();
    const diff = tools.getByLabel('Changes of weather');
    await diff.getByText('The weather of a city', { exact: true }).waitFor();
    await diff.getByText('The weather of a city, and your files').waitFor();
    expect(await tools.getByLabel('Choice for weather').inputValue()).toBe('off');
    await page.screenshot({ path: '/work/notes/shots/mcp-servers-changed.png', fullPage: false });

    await tools.getByLabel('Choice for weather').selectOption('allowed');
    await card.getByRole('button', { name: 'Approve choices' }).click();
    await tools.getByText(mcpMessages.changed).waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain('mcp-token-abcdefgh');

    // On a phone in the dark theme: nothing scrolls sideways, no serious accessibility violation.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await section.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: '/work/notes/shots/mcp-servers-phone-dark.png' });
    expect(await seriousViolations(page, { include: ['[aria-label="MCP servers"]'] })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('edits the server (name, token left blank) and removes it after a confirmation naming its tools, on a desktop and on a phone', async () => {
    const { page, errors, context } = await signIn(browser, platform.url, ann);
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Ops' }).click();
    const section = dialog.getByRole('region', { name: 'MCP servers' });
    const card = section.getByRole('article', { name: 'MCP server Weather' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = card.getByRole('form', { name: 'Edit MCP server Weather' });
    expect(await form.getByLabel('Token').inputValue()).toBe('');
    await form.getByLabel('Name').fill('Forecast');
    await form.getByLabel('Amplify groups (comma-separated; empty: every user)').fill('Staff');
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/work/notes/shots/mcp-servers-edit.png' });
    await form.getByRole('button', { name: 'Save changes' }).click();
    const renamed = section.getByRole('article', { name: 'MCP server Forecast' });
    await renamed.waitFor();
    await renamed.getByRole('form').waitFor({ state: 'detached' });
    // The token was kept: the tools are fetched with it, the approved tool still approved.
    await renamed.getByRole('button', { name: 'Fetch tools' }).click();
    expect(await renamed.getByLabel('Choice for weather').inputValue()).toBe('allowed');

    await page.setViewportSize({ width: 390, height: 844 });
    await renamed.getByRole('button', { name: 'Edit' }).click();
    await renamed.getByRole('form', { name: 'Edit MCP server Forecast' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/work/notes/shots/mcp-servers-edit-phone.png' });
    await renamed.getByRole('button', { name: 'Cancel' }).click();
    await renamed.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove MCP server' });
    await confirm.getByText('stops being offered in chats at once').waitFor();
    await confirm.getByText('(weather)', { exact: false }).waitFor();
    await page.screenshot({ path: '/work/notes/shots/mcp-servers-remove-phone.png' });
    await confirm.getByRole('button', { name: 'Remove server' }).click();
    await section.getByText(mcpMessages.empty).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  mcpChatMessages,
  mcpChatRoutes,
  mcpRoutes,
  McpCommandResponse,
  McpListResponse,
  McpUserToolsResponse,
  type ChatRequestInput,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import {
  startMcpTestServer,
  type McpTestServer,
} from '../../services/command/test/support-mcp/mcp-test-server';
import type { SignedIn } from './support/browser';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { numberedTokens, type ModelServer } from './support/chat-platform';
import { answers, sendMessage } from './support/chat-page';
import { chooseTheme } from './support/account-menu';
import { seriousViolations } from './support/axe';

const admin = 'admin@example.com';
const user = 'tools-user@example.com';
const shots = '/work/notes/shots';

let fixture: ChatFixture;
let mcp: McpTestServer;
let models: ModelServer;
let u: SignedIn;
let serverId = '';
/** The bodies of the chat requests the page sent. */
const sent: ChatRequestInput[] = [];

/** The name the relay gives the model for a tool of the server 'Weather'. */
const modelName = (tool: string) => `Weather__${tool}`;

/** An admin call through the admin's browser session (a state-changing call names its origin). */
const adminPost = async (path: string, data: unknown): Promise<McpCommandResponse> => {
  const res = await fixture.adminSession.context.request.post(`${fixture.platform.url}${path}`, {
    headers: { origin: fixture.platform.url },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
  return McpCommandResponse.parse(await res.json());
};

/** Registers the local MCP server as the admin, fetches its tools and approves weather and delete_file. */
const registerAndApprove = async () => {
  serverId = (await adminPost(mcpRoutes.register, { name: 'Weather', url: mcp.url, auth: { type: 'none' } }))
    .id;
  const fetched = await adminPost(mcpRoutes.fetchTools, { serverId });
  const query = fetched.position ? `?${new URLSearchParams({ waitFor: fetched.position }).toString()}` : '';
  const listed = McpListResponse.parse(
    await (
      await fixture.adminSession.context.request.get(`${fixture.platform.url}${mcpRoutes.list}${query}`)
    ).json(),
  );
  const tools = listed.servers.find((s) => s.id === serverId)?.tools ?? [];
  const choices: Record<string, 'allowed' | 'ask'> = { weather: 'allowed', delete_file: 'ask' };
  await adminPost(mcpRoutes.approve, {
    serverId,
    tools: tools.flatMap((t) => {
      const choice = choices[t.name];
      return choice ? [{ name: t.name, hash: t.hash, choice }] : [];
    }),
  });
};

beforeAll(async () => {
  mcp = await startMcpTestServer();
  fixture = await startChatFixture({
    admin,
    user,
    chatModels: [testChatModel()],
    platform: { mcpAllow: ['127.0.0.1'] },
  });
  ({ models, u } = fixture);
  await registerAndApprove();
  // The user's list shows both tools once the approval is projected; the page then loads it.
  await vi.waitFor(
    async () => {
      const res = await u.context.request.get(`${fixture.platform.url}${mcpChatRoutes.tools}`);
      const names = McpUserToolsResponse.parse(await res.json()).servers.flatMap((s) =>
        s.tools.map((t) => t.name),
      );
      expect(names).toEqual(expect.arrayContaining(['weather', 'delete_file']));
    },
    { timeout: 15_000, interval: 100 },
  );
  u.page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat')
      sent.push(request.postDataJSON() as ChatRequestInput);
  });
  await u.page.reload();
}, 120_000);

afterAll(async () => {
  await fixture?.close();
  await mcp?.close();
});

const toolsButton = (page: Page): Locator => page.getByRole('button', { name: /^Tools/ });
const toolsPanel = (page: Page): Locator => page.getByRole('dialog', { name: mcpChatMessages.toolsMenu });
const serverSwitch = (page: Page): Locator =>
  toolsPanel(page).getByRole('switch', { name: 'Use the tools of Weather' });
const card = (page: Page, tool: string): Locator =>
  answers(page)
    .last()
    .getByRole('region', { name: mcpChatMessages.askQuestion(tool, 'Weather') });
const callsOf = (tool: string) => mcp.state.calls.filter((c) => c.tool === tool);

/** The model calls `tool` with `args`, then answers slowly (its status lines stay in view a moment). */
const modelCalls = (tool: string, args: Record<string, unknown>) =>
  models.behave({
    toolCall: { name: modelName(tool), arguments: args },
    echoToolResult: true,
    tokens: numberedTokens(25),
    tokenDelayMs: 80,
  });

/** The answer's end: its usage shown, its text returned. */
const endedAnswer = async (page: Page): Promise<string> => {
  await answers(page).last().getByLabel('Usage').waitFor({ timeout: 20_000 });
  return (await answers(page).last().textContent()) ?? '';
};

/**
 * The status lines are left out of the scans: StatusLines renders each as an <li role="status">,
 * which axe reports as a list holding what is not a list item (to be fixed there).
 */

/** The page's transitions over (a phone's drawer sliding away after a resize; spinners go on), for a clean screenshot. */
const settled = (page: Page) =>
  page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished));
  });

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('MCP tools in a chat (the Tools menu, the status line, Ask first)', () => {
  it('lists the server with its tools (Ask first marked); its switch turns it on, counted on the button; Escape closes it and gives the focus back', async () => {
    const { page } = u;
    await toolsButton(page).focus();
    await page.keyboard.press('Enter');
    const panel = toolsPanel(page);
    const tools = panel.getByRole('list', { name: 'Tools of Weather' });
    await tools.getByText('weather', { exact: true }).waitFor();
    await tools.getByText('The weather of a city').waitFor();
    const askFirst = tools.getByRole('listitem').filter({ hasText: 'delete_file' });
    await askFirst.getByText('Ask first').waitFor();
    expect(
      await tools
        .getByRole('listitem')
        .filter({ hasText: /^weather/ })
        .getByText('Ask first')
        .count(),
    ).toBe(0);
    expect(await serverSwitch(page).isChecked()).toBe(false);

    // The focus is on the switch: Space turns the server on.
    await expect.poll(() => serverSwitch(page).evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => serverSwitch(page).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await toolsButton(page).evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await toolsButton(page).textContent()).toContain('1');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("given the server on, when the model calls its Allowed tool, then the status line shows the call and the answer carries the tool's result", async () => {
    const { page } = u;
    modelCalls('weather', { city: 'Paris' });
    await sendMessage(page, 'What is the weather in Paris?');
    await answers(page)
      .last()
      .getByText(mcpChatMessages.calling('weather', 'Weather'))
      .waitFor({ timeout: 20_000 });
    expect(await endedAnswer(page)).toContain('Sunny in Paris');
    expect(callsOf('weather')).toEqual([{ tool: 'weather', args: { city: 'Paris' } }]);
    expect(sent.at(-1)?.options?.mcpServers).toEqual([serverId]);
    const offered = JSON.stringify(models.requests.find((r) => r.body['tools'] !== undefined)?.body['tools']);
    expect(offered).toContain(modelName('weather'));
  });

  it('keeps the choice for the conversation and for new chats until changed', async () => {
    const { page } = u;
    await page.getByRole('button', { name: /^New (chat|conversation)$/ }).click();
    await expect.poll(() => answers(page).count()).toBe(0);
    expect(await toolsButton(page).textContent()).toContain('1');
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^What is the weather/ })
      .click();
    await answers(page).first().waitFor();
    expect(await toolsButton(page).textContent()).toContain('1');
  });

  it('given a tool that asks first, when the model calls it, then the card asks with its arguments, comes back after a reload, and Allow makes it run', async () => {
    const { page } = u;
    modelCalls('delete_file', { path: '/tmp/notes.txt' });
    await sendMessage(page, 'Delete my notes.');
    const question = card(page, 'delete_file');
    await question.getByLabel('Arguments').getByText('/tmp/notes.txt').waitFor({ timeout: 20_000 });

    // A reload replays the stream: the question is back, still waiting.
    await page.reload();
    await question.getByRole('button', { name: mcpChatMessages.allow }).waitFor({ timeout: 20_000 });
    expect(await question.getByLabel('Arguments').textContent()).toContain('"path": "/tmp/notes.txt"');
    expect(callsOf('delete_file')).toEqual([]);

    // Light and dark (chosen on the desktop), desktop and phone: the question, then the Tools menu open.
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await chooseTheme(page, theme);
      for (const [device, width, height] of [
        ['desktop', 1440, 900],
        ['phone', 390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await question.scrollIntoViewIfNeeded();
        await settled(page);
        await page.screenshot({ path: `${shots}/tools-card-${device}-${theme}.png` });
        await toolsButton(page).click();
        await serverSwitch(page).waitFor();
        await settled(page);
        await page.screenshot({ path: `${shots}/tools-menu-${device}-${theme}.png` });
        expect(await noSidewaysScroll(page)).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await toolsPanel(page).waitFor({ state: 'detached' });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await chooseTheme(page, 'light');

    await question.getByRole('button', { name: mcpChatMessages.allow }).click();
    await question.getByText(mcpChatMessages.allowed, { exact: true }).waitFor();
    expect(await question.getByRole('button').count()).toBe(0);
    expect(await endedAnswer(page)).toContain('Deleted /tmp/notes.txt');
    expect(callsOf('delete_file')).toEqual([{ tool: 'delete_file', args: { path: '/tmp/notes.txt' } }]);
  }, 120_000);

  it('given a tool that asks first, when the user denies it, then the card says Denied and the MCP server is not called', async () => {
    const { page } = u;
    modelCalls('delete_file', { path: '/etc/hosts' });
    await sendMessage(page, 'Delete the hosts file.');
    const question = card(page, 'delete_file');
    const deny = question.getByRole('button', { name: mcpChatMessages.deny });
    // The answer cannot be sent (the route fails): it says so in the card, the buttons stay.
    await page.route(`**${mcpChatRoutes.approval}`, (route) =>
      route.fulfill({ status: 503, json: { message: 'Unavailable' } }),
    );
    await deny.click({ timeout: 20_000 });
    await question.getByRole('alert').waitFor();
    await page.unroute(`**${mcpChatRoutes.approval}`);
    await deny.click();
    await question.getByText(mcpChatMessages.denied, { exact: true }).waitFor();
    expect(await question.getByRole('button').count()).toBe(0);
    expect(await endedAnswer(page)).toContain(mcpChatMessages.deniedForModel);
    expect(callsOf('delete_file').map((c) => c.args)).toEqual([{ path: '/tmp/notes.txt' }]);
    expect(u.errors).toEqual([]);
  });

  it('given the list of tools fails to load, then the menu says so; given no server, then there is no Tools menu', async () => {
    const { page } = u;
    await page.route(`**${mcpChatRoutes.tools}`, (route) => route.fulfill({ status: 503, json: {} }));
    await page.reload();
    await toolsButton(page).click();
    await toolsPanel(page).getByRole('alert').getByText(mcpChatMessages.toolsLoadFailed).waitFor();
    await page.keyboard.press('Escape');

    await page.unroute(`**${mcpChatRoutes.tools}`);
    await page.route(`**${mcpChatRoutes.tools}`, (route) => route.fulfill({ json: { servers: [] } }));
    await page.reload();
    await page.getByRole('button', { name: 'Documents' }).waitFor();
    await expect.poll(() => toolsButton(page).count()).toBe(0);
    await page.unroute(`**${mcpChatRoutes.tools}`);
  });
});

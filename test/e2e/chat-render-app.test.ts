import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { testChatModel } from '@app/platform/testing';
import { launchBrowser, signIn, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { configureChatModels, startModelServer, type ModelServer } from './support/chat-platform';
import { sendMessage } from './support/chat-page';

const admin = 'admin@example.com';
const user = 'user@example.com';

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let u: SignedIn;

beforeAll(async () => {
  platform = await startTestPlatform([admin]);
  models = await startModelServer();
  browser = await launchBrowser();
  adminSession = await signIn(browser, platform.url, admin);
  await configureChatModels(adminSession.context, platform.url, models, [testChatModel()]);
  u = await signIn(browser, platform.url, user);
});

afterAll(async () => {
  await adminSession?.context.close();
  await u?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
});

/** KaTeX's and the highlighter's scripts: none loads before an answer needs them. */
const renderLibrary = /\/assets\/(katex|math-plugins|highlighter|github-(light|dark)-default)-/;

const answerText = [
  'The energy is $E = mc^2$, and:',
  '\\[\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n\\]',
  '```ts\nexport const square = (x: number): number => x * x;\n```',
  '```mermaid\ngraph LR\n  A[Ask] --> B[Answer]\n```',
].join('\n\n');

/** Splits the answer into small tokens, as a model streams it. */
const tokens = (text: string): string[] => text.match(/[\s\S]{1,6}/g) ?? [];

describe('an answer on the chat screen', () => {
  it('draws its math with KaTeX, highlights its code and themes its diagram, loading them only then', async () => {
    const page = await u.context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(requests.filter((r) => renderLibrary.test(r))).toEqual([]);

    // A busy machine: the grammar's first use (it compiles its patterns) then outlasts Shiki's time
    // limit for a line, which must not leave the code half coloured.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
    models.behave({ tokens: tokens(answerText) });
    await sendMessage(page, 'Show me math, code and a diagram');
    const answer = page.getByRole('article', { name: 'Answer' }).last();
    await answer.locator('.katex-display').waitFor();
    expect(await answer.locator('.katex-mathml annotation').allTextContents()).toEqual([
      'E = mc^2',
      '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}',
    ]);
    const block = answer.locator('.code-block');
    await block.locator('.code-token').first().waitFor();
    expect(await block.locator('pre').textContent()).toBe(
      'export const square = (x: number): number => x * x;',
    );
    const colours = () =>
      block.evaluate((el) => [...el.querySelectorAll('.code-token')].map((t) => getComputedStyle(t).color));
    // The code is highlighted as it streams: the tokens cover all of it once the highlight catches up.
    await expect
      .poll(async () => new Set(await colours()).size, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    const light = await colours();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const node = answer.locator('[data-testid="diagram-canvas"] svg g.node rect').first();
    await node.waitFor();
    const lightFill = await node.evaluate((el) => getComputedStyle(el).fill);
    expect(requests.some((r) => renderLibrary.test(r))).toBe(true);
    await page.screenshot({ path: '/tmp/rendering-app-light.png', fullPage: true });

    // The dark theme, as the theme setting sets it on the page.
    await page.evaluate(() => {
      document.documentElement.dataset['theme'] = 'dark';
    });
    await expect.poll(colours).not.toEqual(light);
    await expect
      .poll(() =>
        answer
          .locator('[data-testid="diagram-canvas"] svg g.node rect')
          .first()
          .evaluate((el) => getComputedStyle(el).fill),
      )
      .not.toBe(lightFill);
    await page.screenshot({ path: '/tmp/rendering-app-dark.png', fullPage: true });
    expect(u.errors).toEqual([]);
    await page.close();
  });
});

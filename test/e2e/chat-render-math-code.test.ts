import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { renderMessages } from '@app/contracts';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { buildRenderHarness } from './support/render-harness/build-harness';
import {
  fence,
  openHarness,
  setTheme,
  showMessage,
  showSources,
  updateMessage,
} from './support/render-harness/harness-page';
import { startHarnessServer, type HarnessServer } from './support/render-harness/harness-server';

let server: HarnessServer;
let browser: Browser;

beforeAll(async () => {
  server = await startHarnessServer(await buildRenderHarness());
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The distinct text colours of the highlighted tokens of a code block. */
const tokenColours = (block: Locator): Promise<string[]> =>
  block.evaluate((el) => [
    ...new Set([...el.querySelectorAll('.code-token')].map((t) => getComputedStyle(t).color)),
  ]);

/** The colour of the first token that reads `text`. */
const colourOf = (block: Locator, text: string): Promise<string> =>
  block.evaluate((el, t) => {
    const token = [...el.querySelectorAll('.code-token')].find((s) => s.textContent?.trim() === t);
    return token ? getComputedStyle(token).color : 'none';
  }, text);

describe('math in a message', () => {
  it('draws $…$, \\(…\\), $$…$$ and \\[…\\] with KaTeX, loaded only once a message holds math', async () => {
    const { context, page, errors, requests, message } = await openHarness(browser, server.url);
    await showMessage(page, 'No math here: it costs $5 and $10, see `echo $HOME`.');
    await message.getByText('No math here').waitFor();
    expect(await message.textContent()).toBe('No math here: it costs $5 and $10, see echo $HOME.');
    expect(requests.filter((r) => /katex|math-plugins/i.test(r))).toEqual([]);

    const text = [
      'Inline $x^2$ and \\(\\alpha + \\beta\\) here, while $5 and $10 stay money.',
      '\\[\n\\int_0^1 x\\,dx = \\frac{1}{2}\n\\]',
      '$$E = mc^2$$',
      'Code keeps its dollars: `price = $x$`',
      fence('bash', 'echo "$HOME costs $5" \\(x\\)'),
    ].join('\n\n');
    await showMessage(page, text);
    await message.locator('.katex').first().waitFor();

    // Two inline formulas and two display ones, drawn in KaTeX's fonts.
    expect(await message.locator('.katex-display').count()).toBe(2);
    expect(await message.locator('.katex').count()).toBe(4);
    expect(await message.locator('.katex-mathml annotation').allTextContents()).toEqual([
      'x^2',
      '\\alpha + \\beta',
      '\\int_0^1 x\\,dx = \\frac{1}{2}',
      'E = mc^2',
    ]);
    const font = await message
      .locator('.katex')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(font).toContain('KaTeX_Main');
    // Its fonts come from the app itself, which the page's CSP allows.
    await expect
      .poll(() =>
        page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px KaTeX_Main'))),
      )
      .toBe(true);
    expect(requests.some((r) => /\/assets\/KaTeX_Main-Regular-[\w-]+\.woff2$/.test(r))).toBe(true);
    expect(requests.some((r) => /katex/i.test(r))).toBe(true);

    // Money, inline code and fenced code stay as they were written.
    expect(await message.locator('p').first().textContent()).toContain('while $5 and $10 stay money.');
    expect(await message.locator(':not(pre) > code').last().textContent()).toBe('price = $x$');
    expect(await message.locator('.code-block pre').textContent()).toBe('echo "$HOME costs $5" \\(x\\)');
    expect(await message.locator('.code-block .katex').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a formula KaTeX cannot read as its text in the error colour, and the rest of the message', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await showMessage(page, 'Broken: $\\frac{1}{$ and fine: $y_1$ after.');
    await message.locator('.katex').first().waitFor();
    expect(await message.locator('.katex-error').textContent()).toBe('\\frac{1}{');
    expect(await message.textContent()).toContain('after.');
    expect(await message.locator('.katex-mathml annotation').allTextContents()).toContain('y_1');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('code highlighting', () => {
  const code = [
    "import { readFile } from 'node:fs/promises';",
    '',
    '// Reads the settings.',
    'export async function settings(path: string): Promise<number> {',
    "  const text = await readFile(path, 'utf8');",
    '  return text.length * 2;',
    '}',
  ].join('\n');

  it('colours a ts block in the light and the dark theme, its text and Copy code unchanged', async () => {
    const { context, page, errors, requests, message } = await openHarness(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    expect(requests.filter((r) => /highlighter|github-/.test(r))).toEqual([]);
    await showMessage(page, `Here:\n\n${fence('ts', code)}`);
    const block = message.locator('.code-block');
    await block.locator('.code-token').first().waitFor();

    expect(await block.locator('pre').textContent()).toBe(code);
    expect(await block.locator('.code-block-language').textContent()).toBe('ts');
    const light = await tokenColours(block);
    expect(light.length).toBeGreaterThanOrEqual(4);
    const lightKeyword = await colourOf(block, 'const');
    const lightString = await colourOf(block, "'utf8'");
    expect(lightKeyword).not.toBe(lightString);

    await setTheme(page, 'dark');
    await expect.poll(() => colourOf(block, 'const')).not.toBe(lightKeyword);
    const dark = await tokenColours(block);
    expect(dark.length).toBeGreaterThanOrEqual(4);
    expect(await colourOf(block, "'utf8'")).not.toBe(lightString);

    await block.getByRole('button', { name: 'Copy code' }).click();
    await block.getByRole('button', { name: renderMessages.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a block highlighted while it streams in, its text always the code so far', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    const lines = code.split('\n');
    const block = message.locator('.code-block');
    await showMessage(page, `\`\`\`ts\n${lines.slice(0, 2).join('\n')}`, true);
    await block.locator('.code-token').first().waitFor();
    for (const upTo of [4, 6, lines.length]) {
      const sofar = lines.slice(0, upTo).join('\n');
      await updateMessage(page, `\`\`\`ts\n${sofar}`, true);
      await expect.poll(() => block.locator('pre').textContent()).toBe(sofar);
      // The lines highlighted before stay highlighted while the new ones are (read at once, no waiting).
      expect(await block.evaluate((el) => el.querySelector('.code-token')?.textContent)).toBe('import');
    }
    await updateMessage(page, fence('ts', code), false);
    await expect.poll(() => colourOf(block, 'return')).not.toBe('none');
    expect(await block.locator('pre').textContent()).toBe(code);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a language it does not know plain, as written', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    const odd = '++++[>++++<-]>.';
    await showMessage(page, `${fence('brainfuck', odd)}\n\n${fence('python', 'print("hi")')}`);
    const blocks = message.locator('.code-block');
    await blocks.nth(1).locator('.code-token').first().waitFor();
    expect(await blocks.nth(0).locator('.code-token').count()).toBe(0);
    expect(await blocks.nth(0).locator('pre').textContent()).toBe(odd);
    expect(await blocks.nth(1).locator('pre').textContent()).toBe('print("hi")');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sources under an answer', () => {
  it('name the document and the page, sheet, slide or paragraph in words', async () => {
    const { context, page, errors } = await openHarness(browser, server.url);
    await showMessage(page, 'From your documents.');
    const source = { text: 'A passage.', score: 0.9 };
    await showSources(page, [
      { ...source, key: 'a', name: 'report.pdf', chunkIndex: 0, location: { page: 3, item: 2, lastItem: 2 } },
      {
        ...source,
        key: 'b',
        name: 'sales.xlsx',
        chunkIndex: 4,
        location: { sheet: 'Q3', row: 12, item: 40, lastItem: 40 },
      },
      {
        ...source,
        key: 'c',
        name: 'notes.txt',
        chunkIndex: 0,
        location: { item: 0, lastItem: 1, paragraph: 1 },
      },
    ]);
    await page.getByText('Sources (3)').click();
    const items = page.getByRole('list', { name: 'Sources' }).locator('li');
    const labels = await items.evaluateAll((lis) =>
      lis.map((li) =>
        [...li.querySelectorAll('.chat-source-name, .chat-source-location')]
          .map((e) => e.textContent)
          .join(''),
      ),
    );
    expect(labels).toEqual([
      'report.pdf · page 3',
      'sales.xlsx · sheet “Q3”, row 12',
      'notes.txt · paragraphs 1–2',
    ]);
    expect((await page.getByRole('list', { name: 'Sources' }).textContent()) ?? '').not.toMatch(
      /item|lastItem/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a message with math, code and a diagram', () => {
  it('has no serious accessibility violations in either theme, on a phone', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    const text = [
      'Inline $E_k = \\tfrac{1}{2} m v^2$ and a wide formula:',
      '$$\n\\sum_{k=1}^{n} k^2 = \\frac{n(n+1)(2n+1)}{6} = \\frac{n^3}{3} + \\frac{n^2}{2} + \\frac{n}{6} + 0 + 0 + 0 + 0\n$$',
      fence(
        'ts',
        '// A comment.\nexport const greet = (name: string): string => `Hello, ${name}! You owe ${1 + 2} dollars.`;',
      ),
      fence('python', '# A comment.\ndef f(x: int) -> str:\n    return f"{x!r}" if x > 2 else None'),
      fence('mermaid', 'graph TD\n  A[Start] --> B{Ready?}\n  B -->|yes| C[Go]\n  B -->|no| A'),
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ].join('\n\n');
    await showMessage(page, text);
    await message.locator('.katex-display').waitFor();
    await message.locator('.code-block').nth(1).locator('.code-token').first().waitFor();
    await message.locator('[data-testid="diagram-canvas"] svg').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page, { include: ['.harness-message'] })).toEqual([]);

    const nodeFill = () =>
      message
        .locator('[data-testid="diagram-canvas"] svg g.node rect')
        .first()
        .evaluate((el) => getComputedStyle(el).fill);
    const lightFill = await nodeFill();
    await setTheme(page, 'dark');
    // Scanned once the diagram is drawn again in the dark theme.
    await expect.poll(nodeFill).not.toBe(lightFill);
    expect(await seriousViolations(page, { include: ['.harness-message'] })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

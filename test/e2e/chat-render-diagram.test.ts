import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { renderMessages } from '@app/contracts';
import { launchBrowser } from './support/browser';
import { buildRenderHarness } from './support/render-harness/build-harness';
import {
  fence,
  openHarness,
  setTheme,
  showMessage,
  updateMessage,
} from './support/render-harness/harness-page';
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

const flowchart = 'graph TD\n  A[Start] --> B{Ready?}\n  B -->|yes| C[Go]\n  B -->|no| A';
const canvasSvg = '[data-testid="diagram-canvas"] svg';

describe('the diagram viewer', () => {
  it('draws a diagram whose labels carry <script>, <img onerror> and javascript: without running any, and fetches nothing', async () => {
    const { context, page, errors, dialogs, message } = await openHarness(browser, bare.url);
    const host = bare.url;
    const diagram = [
      // A diagram's own configuration may not loosen security, turn HTML labels on or bring CSS in.
      '---',
      'config:',
      '  themeVariables:',
      `    fontFamily: "x;} svg{background:url(${host}/front.png)} .y{"`,
      '---',
      `%%{init: {"securityLevel": "loose", "htmlLabels": true, "flowchart": {"htmlLabels": true}, "themeCSS": ".node rect { fill: red; } @import url(${host}/theme.css);", "themeVariables": {"fontFamily": "a;} @import url(${host}/font.css); .x{", "primaryColor": "#fff; background-image: url(${host}/bg.png)"}}}%%`,
      'graph TD',
      `  A["<img src=x onerror='window.__pwned=1'>"] --> B["<script>window.__pwned=2</script>"]`,
      '  B --> C["javascript:window.__pwned=3"]',
      '  C --> D[Plain]',
      '  click A href "javascript:window.__pwned=4"',
      '  click D call pwn()',
    ].join('\n');
    await page.evaluate(() => {
      Object.assign(window, { pwn: () => (window.__pwned = 5) });
    });
    await showMessage(page, `A diagram:\n\n${fence('mermaid', diagram)}`);
    const viewer = message.getByRole('figure', { name: 'Flowchart diagram' });
    await viewer.locator(canvasSvg).waitFor();
    expect(await viewer.locator(`${canvasSvg} g.node`).count()).toBe(4);

    // Nothing that runs or loads made it into the page.
    const inside = await viewer.evaluate((el) => ({
      dangerous: el.querySelectorAll('script, foreignObject, img, image, iframe, object, embed').length,
      handlers: [...el.querySelectorAll('*')].flatMap((n) =>
        n.getAttributeNames().filter((a) => /^on/i.test(a)),
      ),
      links: [...el.querySelectorAll('[href], [*|href]')].map(
        (n) => n.getAttribute('href') ?? n.getAttribute('xlink:href'),
      ),
      css: [...el.querySelectorAll('style')].map((s) => s.textContent ?? '').join(''),
    }));
    expect(inside.dangerous).toBe(0);
    expect(inside.handlers).toEqual([]);
    expect(inside.links.every((h) => h?.startsWith('#'))).toBe(true);
    expect(inside.css).not.toContain(host);
    for (const node of await viewer.locator(`${canvasSvg} g.node`).all()) await node.click();

    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(bare.strayRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('zooms by 100 px per click between 250 and 4000 px, and resets to 500 px', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await showMessage(page, fence('mermaid', flowchart));
    const viewer = message.getByRole('figure', { name: 'Flowchart diagram' });
    await viewer.locator(canvasSvg).waitFor();
    const size = viewer.getByLabel('Diagram width');
    const width = () => viewer.locator(canvasSvg).evaluate((svg) => svg.getBoundingClientRect().width);
    expect(await size.textContent()).toBe('500px');
    expect(await width()).toBe(500);

    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    expect(await size.textContent()).toBe('600px');
    expect(await width()).toBe(600);
    for (const expected of ['500px', '400px', '300px', '250px']) {
      await viewer.getByRole('button', { name: 'Zoom out' }).click();
      expect(await size.textContent()).toBe(expected);
    }
    expect(await viewer.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);
    await viewer.getByRole('button', { name: 'Reset zoom' }).click();
    expect(await size.textContent()).toBe('500px');

    for (let px = 500; px < 4000; px += 100) await viewer.getByRole('button', { name: 'Zoom in' }).click();
    expect(await size.textContent()).toBe('4000px');
    expect(await viewer.getByRole('button', { name: 'Zoom in' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the code while the message streams and draws it once complete; flips, toggles code, saves SVG', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await showMessage(page, fence('mermaid', flowchart), true);
    const viewer = message.getByRole('figure', { name: 'Flowchart diagram' });
    await viewer.getByText(renderMessages.waitingForMessage).waitFor();
    expect(await viewer.locator('pre').textContent()).toBe(flowchart);
    expect(await viewer.locator('svg').count()).toBe(0);

    await updateMessage(page, fence('mermaid', flowchart), false);
    await viewer.locator(canvasSvg).waitFor();
    const box = () => viewer.locator(canvasSvg).evaluate((svg) => svg.getAttribute('viewBox'));
    const before = await box();
    await viewer.getByRole('button', { name: 'Flip orientation' }).click();
    await expect.poll(box).not.toBe(before);

    await viewer.getByRole('button', { name: 'Show code' }).click();
    expect(await viewer.locator('pre').textContent()).toBe(flowchart);
    await viewer.getByRole('button', { name: 'Show diagram' }).click();
    await viewer.locator(canvasSvg).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Save as SVG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('diagram.svg');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a diagram that does not parse shows the error after 3 attempts, with Try Again', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await showMessage(page, fence('mermaid', 'graph TD\n  A --> ((('));
    const alert = message.getByRole('alert');
    await alert.getByText(renderMessages.diagramError, { exact: true }).waitFor();
    const text = (await alert.locator('p').textContent()) ?? '';
    expect(text.startsWith('Failed to render diagram after 3 attempts: ')).toBe(true);
    expect(text.endsWith('. Please check your diagram syntax.')).toBe(true);

    await alert.getByRole('button', { name: 'Try Again' }).click();
    await message.getByRole('status').getByText(renderMessages.diagramRendering).waitFor();
    await alert.getByRole('button', { name: 'Try Again' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A CSS colour (`rgb(…)`, `#rrggbb`) as its relative luminance (WCAG 2). */
const luminance = (colour: string): number => {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  const channels = hex
    ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
    : (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [r = 0, g = 0, b = 0] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The WCAG contrast ratio of two colours. */
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

describe('the diagram in the page theme', () => {
  it('draws its boxes, labels and arrows readable in dark, in other colours than in light', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await showMessage(page, fence('mermaid', flowchart));
    const viewer = message.getByRole('figure', { name: 'Flowchart diagram' });
    await viewer.locator(canvasSvg).waitFor();
    const colours = () =>
      viewer.locator(canvasSvg).evaluate((svg) => {
        const node = svg.querySelector('g.node rect, g.node polygon');
        const label = svg.querySelector('g.node text');
        const edge = svg.querySelector('.flowchart-link, g.edgePaths path');
        const canvas = svg.closest('.render-viewer');
        return {
          fill: node ? getComputedStyle(node).fill : '',
          text: label ? getComputedStyle(label).fill : '',
          line: edge ? getComputedStyle(edge).stroke : '',
          background: canvas ? getComputedStyle(canvas).backgroundColor : '',
        };
      });
    const light = await colours();
    expect(contrast(light.fill, light.text)).toBeGreaterThanOrEqual(4.5);

    await setTheme(page, 'dark');
    await expect.poll(async () => (await colours()).fill).not.toBe(light.fill);
    const dark = await colours();
    expect(dark.fill).not.toBe(light.fill);
    expect(dark.background).not.toBe(light.background);
    // Labels on the boxes, and the arrows on the message's surface, read clearly.
    expect(contrast(dark.fill, dark.text)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.line, dark.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(dark.fill, dark.background)).toBeGreaterThan(1.2);

    // And back: the light theme's look again.
    await setTheme(page, 'light');
    await expect.poll(async () => (await colours()).fill).toBe(light.fill);
    expect(errors).toEqual([]);
    await context.close();
  });
});

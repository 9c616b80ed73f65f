import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { renderMessages } from '@app/contracts';
import { launchBrowser } from './support/browser';
import { buildRenderHarness } from './support/render-harness/build-harness';
import { fence, openHarness, showMessage } from './support/render-harness/harness-page';
import {
  repairModelId,
  startHarnessServer,
  type HarnessServer,
} from './support/render-harness/harness-server';

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

const liteSchema = 'https://vega.github.io/schema/vega-lite/v6.json';
const bars = {
  $schema: liteSchema,
  data: {
    values: [
      { a: 'A', b: 28 },
      { a: 'B', b: 55 },
      { a: 'C', b: 43 },
    ],
  },
  // An expression: Vega would compile it with `new Function`, which the CSP refuses.
  transform: [{ calculate: 'datum.b * 2', as: 'double' }],
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'double', type: 'quantitative' } },
};
const chartMarks = '[data-testid="chart-canvas"] svg .mark-rect path';

describe('the chart viewer', () => {
  it('draws a Vega-Lite spec through the expression interpreter, under the platform CSP', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    await showMessage(page, `A chart:\n\n${fence('vega-lite', JSON.stringify(bars, null, 2))}`);
    const chart = message.getByRole('figure', { name: 'Chart' });
    await expect.poll(() => chart.locator(chartMarks).count()).toBe(3);
    const svg = await chart.locator('[data-testid="chart-canvas"] svg').boundingBox();
    expect([svg?.width, svg?.height]).toEqual([550, 450]);
    // A ```json block with a Vega $schema is a chart too.
    await showMessage(page, fence('json', JSON.stringify(bars)));
    await expect
      .poll(() => message.getByRole('figure', { name: 'Chart' }).locator(chartMarks).count())
      .toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never fetches the data URL of a spec (a server the page may reach sees no request), and says so', async () => {
    const { context, page, errors, requests, message } = await openHarness(browser, server.url);
    const dataUrl = `${server.url}/x.json`;
    const spec = { ...bars, data: { url: dataUrl }, transform: [] };
    await showMessage(page, fence('vega-lite', JSON.stringify(spec)));
    const chart = message.getByRole('figure', { name: 'Chart' });
    await chart.locator('[data-testid="chart-canvas"] svg').waitFor();
    // The data is loaded (or refused) before the chart is drawn.
    expect(server.strayRequests).toEqual([]);
    expect(requests).not.toContain(dataUrl);
    await chart.getByText(renderMessages.chartExternalData).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks the cheapest model to repair a spec that is not JSON, and draws the repaired one', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    const broken = JSON.stringify(bars).replace('"mark":"bar",', '"mark":"bar",,');
    const repaired = JSON.stringify(bars);
    server.answerWith(['```json\n', repaired.slice(0, 40), repaired.slice(40), '\n```']);
    const before = server.chatBodies.length;
    await showMessage(page, fence('vega-lite', broken));
    const chart = message.getByRole('figure', { name: 'Chart' });
    await expect.poll(() => chart.locator(chartMarks).count()).toBe(3);

    expect(server.chatBodies.length).toBe(before + 1);
    expect(server.chatBodies[before]).toMatchObject({
      model: repairModelId,
      stream: true,
      messages: [{ role: 'system' }, { role: 'user', content: broken }],
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says the spec cannot be parsed when the repaired answer is not JSON either', async () => {
    const { context, page, errors, message } = await openHarness(browser, server.url);
    server.answerWith(['Sorry, I cannot help with that.']);
    await showMessage(
      page,
      fence('vega', '{"$schema": "https://vega.github.io/schema/vega/v6.json", "marks": ['),
    );
    const chart = message.getByRole('figure', { name: 'Chart' });
    await chart.getByRole('alert').getByText(renderMessages.chartParseFailed, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

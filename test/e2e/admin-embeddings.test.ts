import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  embeddingMessages,
  embeddingRoutes,
  EventsResponse,
  fileRoutes,
  fileStreamId,
  routes,
  UploadFileResponse,
} from '@app/contracts';
import { chatModelConfigurations, testChatModel } from '@app/platform/testing';
import { launchBrowser, openAdmin, signIn, type SignedIn } from './support/browser';
import { startModelServer, type ModelServer } from './support/chat-platform';
import { startTestPlatform, type TestPlatform } from './support/platform';

const admin = 'admin@example.com';
const user = 'queue-user@example.com';

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
  // The embeddings default answered by the local model server, which keeps every call waiting:
  // an embedding stays running until the admin terminates it.
  const saved = await adminSession.context.request.post(`${platform.url}${routes.configsUpdate}`, {
    headers: { origin: platform.url },
    data: {
      configurations: chatModelConfigurations(models.chatUrl, {
        models: [testChatModel()],
        embeddingsUrls: [models.embeddingsUrl],
      }),
    },
  });
  expect(saved.status()).toBe(200);
  models.behave({ firstTokenDelayMs: 60_000 });
  u = await signIn(browser, platform.url, user);
});

afterAll(async () => {
  await adminSession?.context.close();
  await u?.context.close();
  await browser?.close();
  await models?.close();
  await platform?.close();
});

/** The user uploads a text file as the browser does (the upload request, then the PUT with Content-MD5). */
const upload = async (name: string, text: string): Promise<string> => {
  const bytes = Buffer.from(text);
  const res = await u.context.request.post(`${platform.url}${fileRoutes.upload}`, {
    headers: { origin: platform.url },
    data: { type: 'text/plain', name, size: bytes.length },
  });
  expect(res.status()).toBe(200);
  const { key, url } = UploadFileResponse.parse(await res.json());
  const put = await u.context.request.put(new URL(url, platform.url).toString(), {
    headers: {
      origin: platform.url,
      'content-type': 'text/plain',
      'content-md5': createHash('md5').update(bytes).digest('base64'),
    },
    data: bytes,
  });
  expect(put.status()).toBeLessThan(300);
  return key;
};

const eventually = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('the Embeddings tab', () => {
  it('lists a running embedding, terminates it (Terminating..., Terminated) and the log says who', async () => {
    const key = await upload('queued-notes.txt', 'Bees communicate through a waggle dance. '.repeat(20));
    // Processed, queued, and its embedding call is waiting at the model server.
    await eventually(() => models.requests.some((r) => r.url.endsWith('/embeddings')), 'the embedding call');

    const { page, errors } = adminSession;
    const dialog = await openAdmin(page);
    await dialog.getByRole('tab', { name: 'Embeddings' }).click();
    const panel = dialog.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Embeddings Circuit Breaker' }).waitFor();
    await panel.getByRole('button', { name: 'Retrieve SQS Embeddings' }).click();
    const table = panel.getByRole('table', { name: 'SQS Embeddings' });
    // The table is drawn once the queue is read.
    await expect
      .poll(() => table.getByRole('columnheader').allTextContents())
      .toEqual(['Message ID', 'Event Time', 'User', 'Key', 'Size', 'Terminate']);
    const row = table.getByRole('row').filter({ has: page.getByText(key, { exact: true }) });
    await row.getByText(user, { exact: true }).waitFor();
    await row.getByText('820 B', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Terminate: ${key}` }).click();
    const done = row.getByRole('button', { name: `${embeddingMessages.terminated}: ${key}` });
    await done.waitFor();
    expect(await done.isDisabled()).toBe(true);

    const log = await adminSession.context.request.get(
      `${platform.url}${routes.events}?stream=${encodeURIComponent(fileStreamId(key))}&type=FileEmbeddingTerminated`,
    );
    const terminated = EventsResponse.parse(await log.json()).data;
    expect(terminated.map((e) => [e.data, e.metadata.actor.email])).toEqual([[{ key, by: admin }, admin]]);

    // Nothing queued any more, once the read model has the termination (retrieved again until then).
    const nothingQueued = panel.getByText(embeddingMessages.operatingCorrectly, { exact: true });
    await eventually(async () => {
      await panel.getByRole('button', { name: 'Retrieve SQS Embeddings' }).click();
      await panel.getByRole('button', { name: 'Retrieve SQS Embeddings' }).isEnabled();
      return nothingQueued.isVisible();
    }, 'the empty queue');
    expect(errors).toEqual([]);
  });

  it("shows the spec's messages inline when the queue cannot be read or an embedding cannot be terminated", async () => {
    const { page } = adminSession;
    const dialog = page.getByRole('dialog', { name: 'Admin Interface' });
    const panel = dialog.getByRole('tabpanel');
    const stuckKey = 'someone@example.com/stuck.txt';
    await page.route(`**${embeddingRoutes.queue}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          messages: [
            {
              messageId: '42',
              eventTime: new Date().toISOString(),
              object: { user: 'someone@example.com', key: stuckKey, size: 10 },
              terminated: false,
            },
          ],
        }),
      }),
    );
    await panel.getByRole('button', { name: 'Retrieve SQS Embeddings' }).click();
    // Held until the button says Terminating...; then the real route answers 409 (nothing running
    // under that key): the contracts' message under its button, which may be pressed again.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${embeddingRoutes.terminate}`, async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByRole('button', { name: `Terminate: ${stuckKey}` }).click();
    await panel.getByRole('button', { name: `${embeddingMessages.terminating}: ${stuckKey}` }).waitFor();
    release();
    await panel.getByRole('alert').getByText(embeddingMessages.unableToTerminate, { exact: true }).waitFor();
    await panel.getByRole('button', { name: `Terminate: ${stuckKey}` }).waitFor();
    await page.unroute(`**${embeddingRoutes.terminate}`);

    await page.unroute(`**${embeddingRoutes.queue}`);
    await page.route(`**${embeddingRoutes.queue}`, (route) => route.fulfill({ status: 500, body: '{}' }));
    await panel.getByRole('button', { name: 'Retrieve SQS Embeddings' }).click();
    await panel.getByRole('alert').getByText(embeddingMessages.unableToRetrieve, { exact: true }).waitFor();
    await page.unroute(`**${embeddingRoutes.queue}`);
  });
});

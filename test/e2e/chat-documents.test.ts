import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import {
  documentMessages,
  FileMetadataResponse,
  fileRoutes,
  routes,
  UploadFileResponse,
} from '@app/contracts';
import { chatModelConfigurations, testChatModel } from '@app/platform/testing';
import { type SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { type ModelServer } from './support/chat-platform';

const admin = 'admin@example.com';
const user = 'docs-user@example.com';
const model = testChatModel();

let platform: TestPlatform;
let models: ModelServer;
let adminSession: SignedIn;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({
    admin,
    user,
    prepare: async (f) => {
      ({ platform, models, adminSession } = f);
      // A chat model and the embeddings default, both answered by the local model server.
      const saved = await adminSession.context.request.post(`${platform.url}${routes.configsUpdate}`, {
        headers: { origin: platform.url },
        data: {
          configurations: chatModelConfigurations(models.chatUrl, {
            models: [model],
            embeddingsUrls: [models.embeddingsUrl],
          }),
        },
      });
      expect(saved.status()).toBe(200);
    },
  });
  ({ platform, models, adminSession, u } = fixture);
});

afterAll(() => fixture?.close());

const fileInput = (page: Page): Locator => page.getByLabel('Files to attach');
const chip = (page: Page, name: string): Locator =>
  page.getByRole('listitem', { name: `Attachment ${name}` });
const notices = (page: Page): Locator => page.getByRole('list', { name: 'Upload messages' });
const textFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text),
});

/** Holds the PUTs of the file's bytes until `release` is called. */
const holdUploads = async (page: Page) => {
  const held: Route[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    held.push(route);
    await released;
    await route.continue().catch(() => undefined);
  };
  await page.route('**/blobs/upload/**', handler);
  return {
    held,
    release: async () => {
      release();
      await page.unroute('**/blobs/upload/**', handler);
    },
  };
};

describe('documents in the chat', () => {
  it('refuses what cannot be uploaded with the spec words, before anything is sent', async () => {
    const { page } = u;
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().endsWith(fileRoutes.upload)) asked++;
    });
    await fileInput(page).setInputFiles([
      textFile('budget.xls', 'a,b'),
      textFile('slides.ppt', 'x'),
      textFile('Makefile', 'all:'),
      textFile('setup.exe', 'MZ'),
    ]);
    const shown = notices(page);
    await shown.getByText(documentMessages.saveAsXlsx, { exact: true }).waitFor();
    await shown.getByText(documentMessages.saveAsPptx, { exact: true }).waitFor();
    await expect
      .poll(() => shown.getByText(documentMessages.typeNotSupported, { exact: true }).count())
      .toBe(2);
    expect(asked).toBe(0);
    await page.screenshot({ path: '/tmp/chat-documents-refused.png' });
    for (let i = 0; i < 4; i++) await shown.getByRole('button', { name: 'Dismiss' }).first().click();
    await shown.waitFor({ state: 'detached' });
  });

  it('cancels an upload while it is sent: the chip goes, the spec says so, the server file is removed', async () => {
    const { page } = u;
    const hold = await holdUploads(page);
    const answered = page.waitForResponse((r) => r.url().endsWith(fileRoutes.upload));
    await fileInput(page).setInputFiles([textFile('cancel  me.txt', 'Some words to cancel.')]);
    const upload = UploadFileResponse.parse(await (await answered).json());
    const attachment = chip(page, 'cancel_me.txt');
    await attachment.getByRole('progressbar').waitFor();
    expect(await attachment.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await expect.poll(() => hold.held.length).toBe(1);
    const deleted = page.waitForResponse((r) => r.url().endsWith(fileRoutes.delete));
    await attachment.getByRole('button', { name: 'Cancel upload of cancel_me.txt' }).click();
    await attachment.waitFor({ state: 'detached' });
    await notices(page).getByText(documentMessages.uploadAborted, { exact: true }).waitFor();
    expect((await deleted).status()).toBe(200);
    await hold.release();
    const metadata = await u.context.request.get(`${platform.url}${upload.metadataUrl}`);
    if (metadata.status() === 200)
      expect(FileMetadataResponse.parse(await metadata.json()).data.status).toBe('not_found');
    else expect(metadata.status()).toBe(404);
    await notices(page).getByRole('button', { name: 'Dismiss' }).click();
  });

  it('uploads a txt file with visible progress, awaits its processing and shows it completed', async () => {
    const { page } = u;
    const hold = await holdUploads(page);
    await fileInput(page).setInputFiles([
      textFile(
        'harbour notes.txt',
        'The harbour master of Port Elwin keeps the blue lighthouse lit every night from September to April.',
      ),
    ]);
    const attachment = chip(page, 'harbour_notes.txt');
    await attachment.getByRole('progressbar').waitFor();
    expect(await attachment.getByText('harbour_note…').count()).toBe(1);
    await expect.poll(() => hold.held.length).toBe(1);
    await page.screenshot({ path: '/tmp/chat-documents-sending.png' });
    await hold.release();
    await expect.poll(() => attachment.getAttribute('data-phase'), { timeout: 120_000 }).toBe('done');
    await attachment.locator('[data-status="completed"]').waitFor();
    expect(await attachment.getByRole('progressbar').count()).toBe(0);
    await page.screenshot({ path: '/tmp/chat-documents-done.png' });
  });

  it('sends the document with the question, and the answer shows its source', async () => {
    const { page } = u;
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('When is the blue lighthouse of Port Elwin lit?');
    await page.getByRole('button', { name: 'Send' }).click();
    const body = (await sent).postDataJSON() as { dataSources: { name: string }[] };
    expect(body.dataSources.map((d) => d.name)).toEqual(['harbour_notes.txt']);
    await chip(page, 'harbour_notes.txt').waitFor({ state: 'detached' });
    const answer = page.getByRole('article', { name: 'Answer' }).last();
    await answer.getByLabel('Usage').waitFor();
    await answer.getByText(/^Sources \(\d+\)$/).click();
    const sources = answer.getByRole('list', { name: 'Sources' });
    await sources.getByText('harbour_notes.txt').first().waitFor();
    await sources
      .getByText(/blue lighthouse lit every night/)
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/chat-documents-sources.png' });
    expect(u.errors).toEqual([]);
  });

  it('the document list: search, the embedding status on hover, attach an earlier document, remove it', async () => {
    const { page } = u;
    await page.getByRole('button', { name: 'Documents' }).click();
    const panel = page.getByRole('region', { name: 'My documents' });
    const search = panel.getByRole('searchbox', { name: 'Search documents' });
    const row = panel.getByRole('listitem').filter({ hasText: 'harbour_notes.txt' });
    await row.waitFor();
    await search.fill('nothing like it');
    await row.waitFor({ state: 'detached' });
    await search.fill('HARBOUR');
    await row.hover();
    await row.locator('[data-status="completed"]').waitFor();
    await row.getByRole('button', { name: 'Attach harbour_notes.txt' }).click();
    const attached = chip(page, 'harbour_notes.txt');
    await attached.locator('[data-status="completed"]').waitFor();
    await page.screenshot({ path: '/tmp/chat-documents-list.png' });
    await attached.getByRole('button', { name: 'Remove harbour_notes.txt' }).click();
    await attached.waitFor({ state: 'detached' });
    const deleted = page.waitForResponse((r) => r.url().endsWith(fileRoutes.delete));
    await row.getByRole('button', { name: 'Remove harbour_notes.txt' }).click();
    expect((await deleted).status()).toBe(200);
    await panel.getByText('No documents yet.').waitFor();
    expect(u.errors).toEqual([]);
  });
});

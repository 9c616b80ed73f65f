import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStateOf, rescanWebsite, requestFileUpload } from '@app/command';
import {
  fileStreamId,
  UploadFileRequest,
  websiteMessages,
  websiteReadAs,
  type EventMetadata,
  type RecordedEvent,
} from '@app/contracts';
import { createLogger, OutboundRefusedError, readStream } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { runWebsiteFetch, websiteFetchJob, websiteFetchRoute } from '../../src/jobs/website-fetch';
import type { JobContext } from '../../src/jobs/types';
import { fakeOutbound, memoryBlobs, type FakeAnswer } from '../support/website-fakes';

const ann = 'ann@example.com';
const page = 'https://www.example.com/about';
const sitemap = 'https://www.example.com/sitemap.xml';
const html = '<html><body><p>About us</p></body></html>';

let database: TestDatabase;
const answers = new Map<string, FakeAnswer>();
const asked: string[] = [];
const outbound = fakeOutbound(answers, asked);
const blobs = memoryBlobs();
let n = 0;

const metadata = (id: string): EventMetadata => ({
  actor: { email: ann, kind: 'user' },
  commandId: id,
  correlationId: id,
  causationId: id,
  requestId: id,
  schemaVersion: 1,
});

/** A website file of ann's whose upload is requested (as POST /api/websites/add records it). */
const websiteFile = async (sourceUrl: string, type = 'website/url', data: Record<string, unknown> = {}) => {
  const request = UploadFileRequest.parse({ type, name: sourceUrl.replace(/^https?:\/\//, ''), data });
  const { key } = await requestFileUpload(
    database.db,
    { owner: ann, request, sourceUrl },
    metadata(`add-${++n}`),
  );
  return key;
};

/** Runs the job as the worker does, with a job id of its own (the result command's idempotency key). */
const runJob = (key: string) => {
  const id = `website-fetch-${++n}`;
  const ctx: JobContext = {
    db: database.db,
    logger: createLogger('silent', 'test'),
    jobId: id,
    jobName: websiteFetchJob,
    attempt: 1,
    lastAttempt: false,
    trigger: {
      type: 'FileUploadRequested',
      globalPosition: '1',
      streamId: fileStreamId(key),
      correlationId: id,
      requestId: id,
    },
    metadata: { ...metadata(id), actor: { email: 'system', kind: 'system' } },
    signal: undefined,
    websiteOutbound: outbound,
    blobs,
  };
  return runWebsiteFetch({ key }, ctx);
};

const eventsOf = async (key: string) => readStream(database.db, fileStreamId(key));
const typesOf = async (key: string) => (await eventsOf(key)).map((e) => e.type);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('the website-fetch route', () => {
  it('routes the FileUploadRequested of a website file to the job, and no upload', async () => {
    const key = await websiteFile(page);
    const [requested] = await eventsOf(key);
    expect(websiteFetchRoute(requested!)).toEqual({ name: websiteFetchJob, data: { key } });
    const upload = {
      ...requested!,
      data: { ...(requested!.data as object), sourceUrl: undefined },
    } as RecordedEvent;
    expect(websiteFetchRoute(upload)).toBeNull();
  });
});

describe('the website-fetch job', () => {
  it('given a page, then its bytes are stored under the file key and FileUploaded records their digests', async () => {
    answers.set(page, { type: 'text/html; charset=utf-8', body: html });
    const key = await websiteFile(page);
    expect(await runJob(key)).toEqual({ key, outcome: 'stored' });
    expect(blobs.objects.get(key)).toEqual({
      body: Buffer.from(html),
      contentType: 'text/html; charset=utf-8',
    });
    const uploaded = (await eventsOf(key)).at(-1)!;
    expect(uploaded.type).toBe('FileUploaded');
    expect(uploaded.data).toEqual({
      key,
      size: Buffer.byteLength(html),
      md5: createHash('md5').update(html).digest('base64'),
      sha256: sha256(html),
    });
    // What processing sniffs the page by: its content type's extension.
    const state = await fileStateOf(database.db, key);
    expect(websiteReadAs(state!.name, blobs.objects.get(key)!.contentType)).toBe(
      'www.example.com/about.html',
    );
  });

  it('given the job again (a retry), then nothing is fetched nor recorded twice', async () => {
    const key = await websiteFile(page);
    await runJob(key);
    const before = await typesOf(key);
    asked.length = 0;
    expect(await runJob(key)).toEqual({ key, outcome: 'skipped' });
    expect(asked).toEqual([]);
    expect(await typesOf(key)).toEqual(before);
  });

  it("given a sitemap's group file, then its content is the list of the pages it names (at most its maxPages)", async () => {
    answers.set(sitemap, {
      type: 'application/xml',
      body: `<urlset><url><loc>${page}</loc></url><url><loc>https://www.example.com/team</loc></url><url><loc>https://www.example.com/more</loc></url></urlset>`,
    });
    const key = await websiteFile(sitemap, 'website/sitemap', { maxPages: 2 });
    expect(await runJob(key)).toEqual({ key, outcome: 'stored' });
    expect(blobs.objects.get(key)!.body.toString()).toBe(
      `Sitemap: ${sitemap}\n\n${page}\nhttps://www.example.com/team\n`,
    );
    expect(blobs.objects.get(key)!.contentType).toMatch(/^text\/plain/);
  });

  it('given an address the guarded client refuses, or a type it cannot read, then the failure says why and nothing is stored', async () => {
    const refused = 'https://intranet.example.com/';
    answers.set(
      refused,
      new OutboundRefusedError(
        'intranet.example.com (10.0.0.1) is a private address, not listed in OUTBOUND_ALLOW',
      ),
    );
    answers.set('https://www.example.com/logo.svg', { type: 'image/svg+xml', body: '<svg/>' });
    for (const [url, reason, message] of [
      [refused, 'refused', websiteMessages.notPublic],
      ['https://www.example.com/logo.svg', 'not-readable', websiteMessages.pageNotHtml('image/svg+xml')],
      ['https://www.example.com/gone', 'http-404', websiteMessages.httpStatus(404)],
    ] as const) {
      const key = await websiteFile(url);
      expect(await runJob(key), url).toEqual({ key, outcome: 'failed' });
      expect(blobs.objects.has(key), url).toBe(false);
      expect(await typesOf(key), url).not.toContain('FileUploaded');
      const failed = (await eventsOf(key)).find((e) => e.type === 'FileProcessingFailed');
      // Recorded once the file decider takes a failure before any bytes arrived (see the report).
      if (failed) expect(failed.data).toEqual({ key, reason, message });
    }
  });

  it('given a file deleted before the job ran, then nothing is fetched', async () => {
    const key = await websiteFile(page);
    const { onOwnFile } = await import('../../../command/src/files/file-commands');
    await onOwnFile(database.db, key, { type: 'Delete', data: { key } }, metadata(`del-${++n}`), 'h');
    asked.length = 0;
    expect(await runJob(key)).toEqual({ key, outcome: 'skipped' });
    expect(asked).toEqual([]);
  });
});

describe('rescanWebsite', () => {
  it('given the same content, then nothing is recorded; given new content, then FileUploaded with its new digests', async () => {
    answers.set(page, { type: 'text/html', body: html });
    const key = await websiteFile(page);
    await runJob(key);
    const services = { outbound, blobs };
    const before = await typesOf(key);
    expect(await rescanWebsite(database.db, key, services, metadata(`rescan-${++n}`))).toEqual({
      outcome: 'unchanged',
    });
    expect(await typesOf(key)).toEqual(before);

    const changed = '<html><body><p>About us, new</p></body></html>';
    answers.set(page, { type: 'text/html', body: changed });
    expect(await rescanWebsite(database.db, key, services, metadata(`rescan-${++n}`))).toEqual({
      outcome: 'changed',
      sha256: sha256(changed),
    });
    expect(await typesOf(key)).toEqual([...before, 'FileUploaded']);
    expect((await fileStateOf(database.db, key))!.sha256).toBe(sha256(changed));
    expect(blobs.objects.get(key)!.body.toString()).toBe(changed);
  });

  it('given a fetch that fails, then the file stays as it is and the outcome says why', async () => {
    answers.set(page, { type: 'text/html', body: html });
    const key = await websiteFile(page);
    await runJob(key);
    const before = await typesOf(key);
    answers.set(
      page,
      new OutboundRefusedError(
        'www.example.com (10.0.0.2) is a private address, not listed in OUTBOUND_ALLOW',
      ),
    );
    expect(await rescanWebsite(database.db, key, { outbound, blobs }, metadata(`rescan-${++n}`))).toEqual({
      outcome: 'failed',
      reason: 'refused',
      message: websiteMessages.notPublic,
    });
    expect(await typesOf(key)).toEqual(before);
    expect(blobs.objects.get(key)!.body.toString()).toBe(html);
  });

  it('given a file that is not a website, then it is skipped', async () => {
    const request = UploadFileRequest.parse({ type: 'text/plain', name: 'notes.txt' });
    const { key } = await requestFileUpload(database.db, { owner: ann, request }, metadata(`up-${++n}`));
    expect(await rescanWebsite(database.db, key, { outbound, blobs }, metadata(`rescan-${++n}`))).toEqual({
      outcome: 'skipped',
      why: 'not a website file',
    });
  });
});

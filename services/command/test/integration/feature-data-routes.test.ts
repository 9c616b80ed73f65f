import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  chatRoute,
  featureDataMessages,
  featureDataRoutes,
  type ApiDocsResponse,
  type DisclosureCheckResponse,
  type DisclosureLatestResponse,
  type PptxTemplatesResponse,
  type PresignedUrlResponse,
} from '@app/contracts';
import { startFeatureDataPlatform, type FeatureDataPlatform } from './feature-data-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const md5Of = (body: Buffer) => createHash('md5').update(body).digest('base64');
const bytes = Buffer.from('some bytes');
const md5 = md5Of(bytes);

let p: FeatureDataPlatform;
beforeAll(async () => {
  p = await startFeatureDataPlatform([ann]);
});
afterAll(async () => {
  await p.close();
});

const featureEvents = async () =>
  (await p.events())
    .filter((e) => /^(pptxTemplates|dataDisclosure|apiDocumentation)/.test(e.streamId))
    .map((e) => [e.type, e.data]);

const templates = async (email: string) => {
  await p.settle();
  const res = await p.call(email, 'GET', featureDataRoutes.pptxTemplates);
  expect(res.statusCode).toBe(200);
  return res.json<PptxTemplatesResponse>().data;
};

const uploadPptx = (email: string, fileName: string, more: Record<string, unknown> = {}) =>
  p.call(email, 'POST', featureDataRoutes.pptxUpload, {
    fileName,
    isAvailable: false,
    amplifyGroups: [],
    contentType: pptxType,
    md5,
    ...more,
  });

describe('Feature Data routes: who may call them, and bad input', () => {
  it('a user who is not an admin is refused every admin route, and nothing is appended', async () => {
    const before = await featureEvents();
    const calls = [
      await uploadPptx(bob, 'Deck.pptx'),
      await p.call(bob, 'DELETE', `${featureDataRoutes.pptxDelete}?template_name=Deck.pptx`),
      await p.call(bob, 'POST', featureDataRoutes.pptxUpdate, {
        templateName: 'Deck.pptx',
        isAvailable: true,
      }),
      await p.call(bob, 'POST', featureDataRoutes.disclosureUpload, {
        fileName: 'terms.pdf',
        contentType: 'application/pdf',
        md5,
      }),
      await p.call(bob, 'POST', featureDataRoutes.apiDocsUpload, { filename: 'api.pdf', content_md5: md5 }),
      await p.call(bob, 'GET', featureDataRoutes.apiDocsTemplates),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await featureEvents()).toEqual(before);
    expect((await p.call(null, 'GET', featureDataRoutes.disclosureCheck)).statusCode).toBe(401);
  });

  it('a file of a type the upload does not take is refused with the spec message (400), nothing appended', async () => {
    const before = await featureEvents();
    const pdfAsTemplate = await uploadPptx(ann, 'Deck.pdf', { contentType: 'application/pdf' });
    expect(pdfAsTemplate.statusCode).toBe(400);
    expect(pdfAsTemplate.json()).toMatchObject({
      message: featureDataMessages.fileTypeNotSupported(['pptx']),
    });
    const docxDisclosure = await p.call(ann, 'POST', featureDataRoutes.disclosureUpload, {
      fileName: 'terms.docx',
      contentType: 'application/msword',
      md5,
    });
    expect(docxDisclosure.statusCode).toBe(400);
    expect(docxDisclosure.json()).toMatchObject({
      message: featureDataMessages.fileTypeNotSupported(['pdf']),
    });
    const txtDocs = await p.call(ann, 'POST', featureDataRoutes.apiDocsUpload, {
      filename: 'api.txt',
      content_md5: md5,
    });
    expect(txtDocs.statusCode).toBe(400);
    expect(txtDocs.json()).toMatchObject({
      message: featureDataMessages.fileTypeNotSupported(['pdf', 'csv', 'json']),
    });
    const badMd5 = await uploadPptx(ann, 'Deck.pptx', { md5: 'nope' });
    expect(badMd5.statusCode).toBe(400);
    expect(await featureEvents()).toEqual(before);
  });
});

describe('PowerPoint templates', () => {
  it('an admin uploads a template (name collapsed), lists, toggles and deletes it', async () => {
    const res = await uploadPptx(ann, 'Quarterly  __ Review.pptx', { amplifyGroups: ['Staff'] });
    expect(res.statusCode).toBe(200);
    const { presigned_url } = res.json<PresignedUrlResponse>();
    const key = decodeURIComponent(new URL(presigned_url).pathname.replace('/upload/', ''));
    expect(p.blobs.grants.get(key)).toMatchObject({ contentType: pptxType, contentMd5: md5 });
    p.blobs.arrive(presigned_url, bytes);

    expect(await templates(ann)).toMatchObject([
      { name: 'Quarterly_Review.pptx', isAvailable: false, amplifyGroups: ['Staff'], uploadedBy: ann },
    ]);
    // Not public and bob is in no group: he does not see it.
    expect(await templates(bob)).toEqual([]);

    const same = await uploadPptx(ann, 'quarterly review.PPTX');
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: featureDataMessages.pptxNameTaken });

    const toggled = await p.call(ann, 'POST', featureDataRoutes.pptxUpdate, {
      templateName: 'Quarterly_Review.pptx',
      isAvailable: true,
    });
    expect(toggled.statusCode).toBe(200);
    expect(await templates(bob)).toMatchObject([{ name: 'Quarterly_Review.pptx', isAvailable: true }]);

    const deleted = await p.call(
      ann,
      'DELETE',
      `${featureDataRoutes.pptxDelete}?template_name=${encodeURIComponent('Quarterly_Review.pptx')}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await templates(ann)).toEqual([]);
    expect(p.blobs.objects.has(key)).toBe(false);
    expect((await featureEvents()).map(([type]) => type)).toEqual([
      'PowerPointTemplateAdded',
      'PowerPointTemplateAvailabilityChanged',
      'PowerPointTemplateDeleted',
    ]);

    const gone = await p.call(ann, 'DELETE', `${featureDataRoutes.pptxDelete}?template_name=Nope.pptx`);
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ message: featureDataMessages.pptxNotFound('Nope.pptx') });
  });
});

describe('the Data Disclosure', () => {
  const check = async (email: string) =>
    (await p.call(email, 'GET', featureDataRoutes.disclosureCheck)).json<DisclosureCheckResponse>();
  const latest = async () =>
    (await p.call(bob, 'GET', featureDataRoutes.disclosureLatest)).json<DisclosureLatestResponse>().data;
  const chat = () =>
    p.call(bob, 'POST', chatRoute, {
      model: 'no-such-model',
      messages: [{ role: 'user', content: 'hello' }],
      options: { requestId: `dd-${Math.random()}` },
    });

  it('without one nobody has anything to accept', async () => {
    expect(await check(bob)).toEqual({ success: true, acceptedDataDisclosure: true, latestVersion: null });
    expect(await latest()).toBeNull();
    expect((await chat()).json()).toEqual({ error: chatMessages.modelUnavailable('no-such-model') });
  });

  it('once uploaded, a user must accept it before chatting, and the acceptance is an event', async () => {
    const res = await p.call(ann, 'POST', featureDataRoutes.disclosureUpload, {
      fileName: 'Terms of use.pdf',
      contentType: 'application/pdf',
      md5,
    });
    expect(res.statusCode).toBe(200);
    const { presigned_url } = res.json<PresignedUrlResponse>();
    expect(presigned_url).toMatch(/data_disclosure_\d+\.pdf$/);
    // Asked for, bytes not there yet: not published.
    expect(await latest()).toBeNull();
    expect((await check(bob)).acceptedDataDisclosure).toBe(true);

    p.blobs.arrive(presigned_url, bytes);
    const published = await latest();
    expect(published).toMatchObject({
      fileName: expect.stringMatching(/^data_disclosure_\d+\.pdf$/) as string,
    });
    const version = published?.version ?? '';
    expect(await check(bob)).toEqual({
      success: true,
      acceptedDataDisclosure: false,
      latestVersion: version,
    });

    const refused = await chat();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: featureDataMessages.mustAcceptDisclosure });

    const forAnother = await p.call(bob, 'POST', featureDataRoutes.disclosureSave, {
      email: ann,
      acceptedDataDisclosure: true,
    });
    expect(forAnother.statusCode).toBe(403);
    const stale = await p.call(bob, 'POST', featureDataRoutes.disclosureSave, {
      email: bob,
      acceptedDataDisclosure: true,
      version: '1',
    });
    expect(stale.statusCode).toBe(409);

    const saved = await p.call(bob, 'POST', featureDataRoutes.disclosureSave, {
      email: bob,
      acceptedDataDisclosure: true,
      version,
    });
    expect(saved.statusCode).toBe(200);
    expect(await check(bob)).toEqual({ success: true, acceptedDataDisclosure: true, latestVersion: version });
    expect((await chat()).statusCode).toBe(400);
    const accepted = (await p.events()).filter((e) => e.type === 'DataDisclosureAccepted');
    expect(accepted.map((e) => e.data)).toEqual([{ email: bob, version }]);
    await p.settle();
    const rows = await p.database.db.selectFrom('rm_data_disclosure_acceptances').selectAll().execute();
    expect(rows.map((r) => [r.email, r.version])).toEqual([[bob, version]]);
  });
});

describe('API documentation', () => {
  it('an admin uploads a pdf, a csv and a Postman json; users get their download urls', async () => {
    const empty = (await p.call(bob, 'GET', featureDataRoutes.apiDocsGet)).json<ApiDocsResponse>();
    expect(empty).toEqual({ success: true, doc_url: null, csv_url: null, postman_url: null });
    for (const name of ['API Guide.pdf', 'endpoints.csv', 'collection.json']) {
      const res = await p.call(ann, 'POST', featureDataRoutes.apiDocsUpload, {
        filename: name,
        content_md5: md5,
      });
      expect(res.statusCode).toBe(200);
      p.blobs.arrive(res.json<PresignedUrlResponse>().presigned_url, bytes);
    }
    const docs = (await p.call(bob, 'GET', featureDataRoutes.apiDocsGet)).json<ApiDocsResponse>();
    expect(docs.doc_url).toMatch(/\.pdf$/);
    expect(docs.csv_url).toMatch(/\.csv$/);
    expect(docs.postman_url).toMatch(/\.json$/);
  });

  it('the templates zip is built once and answered as a presigned url', async () => {
    const first = await p.call(ann, 'GET', featureDataRoutes.apiDocsTemplates);
    expect(first.statusCode).toBe(200);
    const url = first.json<PresignedUrlResponse>().presigned_url;
    const key = decodeURIComponent(new URL(url).pathname.replace('/download/', ''));
    const zip = p.blobs.objects.get(key);
    expect(zip?.contentType).toBe('application/zip');
    expect(zip?.body.subarray(0, 2).toString()).toBe('PK');
    const second = await p.call(ann, 'GET', featureDataRoutes.apiDocsTemplates);
    expect(second.json<PresignedUrlResponse>().presigned_url).toBe(url);
  });
});

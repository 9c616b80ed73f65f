import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { featureDataMessages } from '@app/contracts';
import { launchBrowser, openAdmin, savedDownload, seeToast, signIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform([ann]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const file = (name: string, mimeType: string, text = `the bytes of ${name}`) => ({
  name,
  mimeType,
  buffer: Buffer.from(text),
});

const featureDataTab = async (dialog: Locator) => {
  await dialog.getByRole('tab', { name: /^Feature Data/ }).click();
  return dialog.getByRole('tabpanel');
};

const adminPanel = async () => {
  const signedIn = await signIn(browser, platform.url, ann);
  const panel = await featureDataTab(await openAdmin(signedIn.page));
  return {
    ...signedIn,
    panel,
    templates: panel.getByRole('region', { name: 'PowerPoint Templates' }),
    documents: panel.getByRole('region', { name: 'Upload Documents' }),
  };
};

const slow = 150_000;

describe('Feature Data tab', () => {
  it(
    'PowerPoint templates: the type and name rules, upload with a collapsed name, Public toggle, delete',
    async () => {
      const { page, errors, context, panel, templates } = await adminPanel();
      await templates.getByText(featureDataMessages.pptxEmpty).waitFor();
      await panel.getByRole('heading', { name: 'Assistant Admin Groups' }).waitFor();

      // PowerPoint: a pdf is refused with the contracts' message; a pptx goes up, its name collapsed.
      const pptxInput = templates.getByLabel('Upload PowerPoint Template (pptx)');
      await pptxInput.setInputFiles(file('deck.pdf', 'application/pdf'));
      await templates.getByText(featureDataMessages.fileTypeNotSupported(['pptx'])).waitFor();
      await templates.getByLabel('Public', { exact: true }).check();
      await pptxInput.setInputFiles(file('Quarterly  __ Review.pptx', pptxType));
      await seeToast(page, featureDataMessages.pptxAdded);
      const table = templates.getByRole('table', { name: 'PowerPoint Templates' });
      await table.getByRole('cell', { name: 'Quarterly_Review.pptx', exact: true }).waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual([
        'Template Name',
        'Public',
        'Available to User via Amplify Group Membership',
        'Actions',
      ]);
      expect(await templates.getByLabel('Public: Quarterly_Review.pptx').isChecked()).toBe(true);
      // The same name again is refused before anything is sent.
      await pptxInput.setInputFiles(file('Quarterly Review.pptx', pptxType));
      await templates.getByText(featureDataMessages.pptxNameTaken).waitFor();
      // Toggle available, then delete.
      await templates.getByLabel('Public: Quarterly_Review.pptx').click();
      await expect.poll(() => templates.getByLabel('Public: Quarterly_Review.pptx').isChecked()).toBe(false);
      await templates.getByRole('button', { name: 'Delete Quarterly_Review.pptx' }).click();
      await seeToast(page, featureDataMessages.pptxDeleted('Quarterly_Review.pptx'));
      await templates.getByText(featureDataMessages.pptxEmpty).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    slow,
  );

  it(
    'Upload Documents: the Data Disclosure pdf, the API documentation pdf, csv and json, the templates zip',
    async () => {
      const { page, errors, context, documents } = await adminPanel();

      // The Data Disclosure: a docx is refused; a pdf is stored as data_disclosure_{timestamp}.pdf.
      const disclosureInput = documents.getByLabel('Data Disclosure (pdf)');
      await disclosureInput.setInputFiles(file('terms.docx', 'application/msword'));
      await documents.getByText(featureDataMessages.fileTypeNotSupported(['pdf'])).waitFor();
      await disclosureInput.setInputFiles(file('Terms of use.pdf', 'application/pdf', '%PDF-1.4 terms'));
      await seeToast(page, featureDataMessages.disclosureUploaded);
      await documents.getByRole('link', { name: /^data_disclosure_\d+\.pdf$/ }).waitFor();

      // API documentation: pdf, csv and a Postman collection json; a csv field refuses a txt.
      await documents.getByLabel('API Documentation (csv)').setInputFiles(file('notes.txt', 'text/plain'));
      await documents.getByText(featureDataMessages.fileTypeNotSupported(['csv'])).waitFor();
      for (const [label, name, type] of [
        ['API Documentation (pdf)', 'API Guide.pdf', 'application/pdf'],
        ['API Documentation (csv)', 'endpoints.csv', 'text/csv'],
        ['Postman Collection (json)', 'collection.json', 'application/json'],
      ] as const) {
        await documents.getByLabel(label).setInputFiles(file(name, type));
        await seeToast(page, featureDataMessages.apiDocsUploaded(name.replace(/ /g, '_')));
      }
      for (const ext of ['pdf', 'csv', 'json'])
        await documents.getByRole('link', { name: `Current ${ext}` }).waitFor();

      // The templates' zip downloads.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        documents.getByRole('button', { name: 'Download API Documentation Templates' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('API_Documentation_Templates.zip');
      const zipPath = await savedDownload(download);
      expect(zipPath).toBeTruthy();
      expect(errors).toEqual([]);
      await context.close();
    },
    slow,
  );

  it(
    'a user accepts the Data Disclosure before the chat shows, once',
    async () => {
      // A user must accept the Data Disclosure before the chat shows; the acceptance is kept.
      const user = await signIn(browser, platform.url, bob);
      const gate = user.page.getByRole('region', { name: 'Data Disclosure' });
      await gate.getByRole('link', { name: /Read the Data Disclosure/ }).waitFor();
      expect(await user.page.getByLabel('Message', { exact: true }).count()).toBe(0);
      await gate.getByRole('button', { name: 'Accept' }).click();
      await user.page.getByLabel('Message', { exact: true }).waitFor();
      await user.page.reload();
      await user.page.getByLabel('Message', { exact: true }).waitFor();
      expect(await user.page.getByRole('region', { name: 'Data Disclosure' }).count()).toBe(0);
      expect(user.errors).toEqual([]);
      await user.context.close();
    },
    slow,
  );
});

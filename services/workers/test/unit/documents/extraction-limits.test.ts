import { describe, expect, it, vi } from 'vitest';
import { documentMessages } from '@app/contracts';
import { extractOnThisThread } from '../../../src/documents/extract-document';
import { defaultExtractors, type Extractors } from '../../../src/documents/extract/index';
import {
  defaultExtractionLimits,
  defaultThreads,
  extractionLimitsFrom,
} from '../../../src/documents/extraction-limits';
import { checkHtmlShape } from '../../../src/documents/html-shape';
import { checkPdfInflation } from '../../../src/documents/pdf-inflation';
import { pdfOf } from '../../support/document-fixtures';
import { htmlNested, htmlWide, pdfInflatingTo } from '../../support/hostile-documents';

const mb = 1024 * 1024;
const shape = { htmlDepth: 100, htmlElements: 1_000 };

describe('checkHtmlShape: Given an HTML page, When its shape is checked before it is converted', () => {
  it('an ordinary page (void elements, implied closes, a table): passes', () => {
    const page = `<html><body><p>One<br><img src=x><p>Two<table><tr><td>a<td>b</table>${'<p>x</p>'.repeat(300)}</body></html>`;
    expect(checkHtmlShape(page, shape)).toBeNull();
  });

  it('elements nested deeper than the bound: refused naming the depth limit', () => {
    expect(checkHtmlShape(htmlNested(101).toString(), shape)).toEqual({
      reason: 'html-depth-limit',
      message: documentMessages.htmlDepthLimit(100),
    });
    expect(checkHtmlShape(htmlNested(97).toString(), shape)).toBeNull();
  });

  it('more elements than the bound, however shallow: refused naming the element limit', () => {
    expect(checkHtmlShape(htmlWide(1_000).toString(), shape)).toEqual({
      reason: 'html-element-limit',
      message: documentMessages.htmlElementLimit(1_000),
    });
  });
});

describe('checkPdfInflation: Given a PDF, When its compressed streams are counted before PDF.js reads it', () => {
  it('an ordinary PDF (pdf-lib: fonts, content streams): passes', async () => {
    expect(await checkPdfInflation(await pdfOf(['A page of text.', 'Another one.']), 1 * mb)).toBeNull();
  });

  it('a content stream inflating past the budget: refused naming the inflated size limit', async () => {
    expect(await checkPdfInflation(await pdfInflatingTo(3), 2 * mb)).toEqual({
      reason: 'inflated-size-limit',
      message: documentMessages.inflatedLimit(2),
    });
    expect(await checkPdfInflation(await pdfInflatingTo(1), 2 * mb)).toBeNull();
  });

  it('a stream labelled an image is not counted (text extraction never inflates images)', async () => {
    expect(await checkPdfInflation(await pdfInflatingTo(3, true), 2 * mb)).toBeNull();
  });

  it('a stream whose /Length lies is counted to the end of its deflate data', async () => {
    const bomb = (await pdfInflatingTo(3)).toString('latin1');
    const lying = Buffer.from(bomb.replace(/\/Length \d+/, '/Length 10'), 'latin1');
    expect(await checkPdfInflation(lying, 2 * mb)).toMatchObject({ reason: 'inflated-size-limit' });
  });
});

describe('extractOnThisThread: the limits come before the extractor', () => {
  it('a page past the depth limit never reaches html-to-text', async () => {
    const html = vi.fn(defaultExtractors.html);
    const extractors: Extractors = { ...defaultExtractors, html };
    const read = extractOnThisThread(extractors, { ...defaultExtractionLimits(), htmlDepth: 50 });
    expect(await read({ name: 'deep.html', format: 'html', bytes: htmlNested(51) })).toMatchObject({
      reason: 'html-depth-limit',
    });
    expect(html).not.toHaveBeenCalled();
    expect(await read({ name: 'ok.html', format: 'html', bytes: htmlNested(10) })).toMatchObject({
      totalItems: 1,
      chunks: [{ index: 0, text: 'deep' }],
    });
  });
});

describe('extractionLimitsFrom: the pool settings', () => {
  it('unset: the defaults (one thread on two cores; 60 s; 512 MB; the archives budget)', () => {
    expect(extractionLimitsFrom({})).toEqual(defaultExtractionLimits());
    expect(defaultThreads(2)).toBe(1);
    expect(defaultThreads(1)).toBe(1);
    expect(defaultThreads(8)).toBe(4);
  });

  it('set: DOCUMENT_WORKERS, DOCUMENT_TIME_LIMIT_SECONDS and DOCUMENT_MEMORY_MB apply', () => {
    expect(
      extractionLimitsFrom({
        DOCUMENT_WORKERS: '3',
        DOCUMENT_TIME_LIMIT_SECONDS: '20',
        DOCUMENT_MEMORY_MB: '256',
      }),
    ).toMatchObject({ threads: 3, timeLimitMs: 20_000, memoryMb: 256 });
  });

  it('a value out of range refuses to start, naming the setting', () => {
    expect(() => extractionLimitsFrom({ DOCUMENT_WORKERS: '0' })).toThrow(/DOCUMENT_WORKERS/);
    expect(() => extractionLimitsFrom({ DOCUMENT_MEMORY_MB: 'lots' })).toThrow(/DOCUMENT_MEMORY_MB/);
  });
});

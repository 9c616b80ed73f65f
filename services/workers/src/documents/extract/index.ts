import type { CheckedArchive } from '../archive-limits';
import type { DocumentFormat, Extracted } from '../types';
import { extractCsv } from './csv';
import { extractDocx } from './docx';
import { extractHtml } from './html';
import { extractJson } from './json';
import { extractPdf } from './pdf';
import { extractPptx } from './pptx';
import { extractPlainText } from './text';
import { extractXlsx } from './xlsx';

/** An Office format's extractor is given the archive whose central directory passed the limits. */
export interface ExtractInput {
  bytes: Buffer;
  archive: CheckedArchive | null;
}

export type Extractor = (input: ExtractInput) => Promise<Extracted>;
export type Extractors = Readonly<Record<DocumentFormat, Extractor>>;

const needArchive = (archive: CheckedArchive | null): CheckedArchive => {
  if (!archive) throw new Error('an Office document is read only through its checked archive');
  return archive;
};

/** One extractor per format: items (pages, slides, rows, paragraphs) and whether it is an image. */
export const defaultExtractors: Extractors = {
  pdf: ({ bytes }) => extractPdf(bytes),
  docx: ({ bytes, archive }) => extractDocx(bytes, needArchive(archive)),
  pptx: ({ bytes, archive }) => extractPptx(bytes, needArchive(archive)),
  xlsx: ({ bytes, archive }) => extractXlsx(bytes, needArchive(archive)),
  csv: async ({ bytes }) => extractCsv(bytes),
  json: async ({ bytes }) => extractJson(bytes),
  txt: async ({ bytes }) => extractPlainText(bytes),
  md: async ({ bytes }) => extractPlainText(bytes),
  html: async ({ bytes }) => extractHtml(bytes),
  image: async () => ({ items: [], isImage: true }),
};

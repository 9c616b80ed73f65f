/** What the processing worker works with: the formats it reads and what an extractor yields. */

/** Where an item sits in its document: page, slide, sheet and row, paragraph... */
export type ItemLocation = Record<string, string | number>;

/** One unit of a document: a page, a slide, a row, a paragraph. */
export interface ExtractedItem {
  text: string;
  location: ItemLocation;
}

export interface Extracted {
  items: ExtractedItem[];
  /** An image: no text is expected from it (the no-text message is for non-images only). */
  isImage: boolean;
}

export const documentFormats = [
  'pdf',
  'docx',
  'pptx',
  'xlsx',
  'csv',
  'json',
  'txt',
  'md',
  'html',
  'image',
] as const;
export type DocumentFormat = (typeof documentFormats)[number];

/** The formats that are zip archives (checked from their central directory before they are unpacked). */
export const officeFormats = ['docx', 'pptx', 'xlsx'] as const;
export type OfficeFormat = (typeof officeFormats)[number];
export const isOfficeFormat = (format: DocumentFormat): format is OfficeFormat =>
  (officeFormats as readonly string[]).includes(format);

/** Why a document is refused: a short reason for the log and the words a user reads. */
export interface Refusal {
  reason: string;
  message: string;
}

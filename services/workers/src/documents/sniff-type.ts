import { fileTypeFromBuffer } from 'file-type';
import { documentMessages } from '@app/contracts';
import type { DocumentFormat, OfficeFormat, Refusal } from './types';

/**
 * The document's format from its content (magic bytes), checked against what it claims to be (its
 * extension, and its MIME type when that names a binary format). Text formats have no magic bytes:
 * they are taken by extension once the bytes are valid UTF-8 and file-type finds nothing binary.
 *
 * Zip archives are NOT given to file-type (it inflates an entry to tell the Office formats apart):
 * their kind is checked later from the central directory's entry names (`officeFormatOf`), before
 * anything is unpacked.
 */
export interface Sniffed {
  format: DocumentFormat;
  /** The MIME type the content shows (recorded as the detected type). */
  mime: string;
}

export type SniffResult = { ok: true; sniffed: Sniffed } | { ok: false; refusal: Refusal };

/** How many bytes file-type sees (its own documented minimum for reliable detection). */
export const sniffBytes = 4100;

const formatByExtension: Readonly<Record<string, DocumentFormat>> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'pptx',
  xlsx: 'xlsx',
  csv: 'csv',
  json: 'json',
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  html: 'html',
  htm: 'html',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
};

/** MIME types that name one binary format exactly (text MIME types vary too much by browser to judge). */
const formatByMime: Readonly<Record<string, DocumentFormat>> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
};

const textMime: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
};

const officeMime: Readonly<Record<OfficeFormat, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Spec: these extensions with no type are binary (browsers call .ts video/mp2t, or nothing). */
const binaryWithoutType = new Set(['ts', 'tsx', 'ps1']);

/** The lower-cased extension of a file name, '' when it has none. */
export const extensionOf = (name: string): string => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

const isZip = (b: Uint8Array): boolean =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6);

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8Text = (b: Uint8Array): boolean => {
  if (b.includes(0)) return false;
  try {
    utf8.decode(b);
    return true;
  } catch {
    return false;
  }
};

/** What the content is, in words for the mismatch message, and as a format when it is one we read. */
interface Content {
  label: string;
  mime: string;
  kind: 'pdf' | 'zip' | 'image' | 'text' | 'other';
  /** file-type's extension, for images. */
  ext?: string;
}

const contentOf = async (bytes: Uint8Array): Promise<Content> => {
  if (isZip(bytes)) return { label: 'a ZIP archive', mime: 'application/zip', kind: 'zip' };
  const found = await fileTypeFromBuffer(bytes.subarray(0, sniffBytes));
  if (found?.ext === 'pdf') return { label: 'PDF', mime: found.mime, kind: 'pdf' };
  if (found && formatByMime[found.mime] === 'image')
    return { label: `a ${found.ext.toUpperCase()} image`, mime: found.mime, kind: 'image', ext: found.ext };
  // Text first: file-type also guesses from a few bytes (a CSV starting with "ID3" would be an MP3).
  if (isUtf8Text(bytes)) return { label: 'text', mime: 'text/plain', kind: 'text' };
  if (found) return { label: found.ext.toUpperCase(), mime: found.mime, kind: 'other' };
  return { label: 'binary data', mime: 'application/octet-stream', kind: 'other' };
};

const sameImage = (ext: string, detected: string | undefined): boolean => {
  const norm = (x: string | undefined) => (x === 'jpeg' ? 'jpg' : x);
  return norm(ext) === norm(detected);
};

const fits = (format: DocumentFormat, ext: string, content: Content): boolean => {
  switch (format) {
    case 'pdf':
      return content.kind === 'pdf';
    case 'docx':
    case 'pptx':
    case 'xlsx':
      return content.kind === 'zip';
    case 'image':
      return content.kind === 'image' && (ext === '' || sameImage(ext, content.ext));
    case 'csv':
    case 'json':
    case 'txt':
    case 'md':
    case 'html':
      return content.kind === 'text';
  }
};

const refuse = (reason: string, message: string): SniffResult => ({
  ok: false,
  refusal: { reason, message },
});

const claimLabel = (ext: string): string => ext.toUpperCase();

/**
 * The format to read a document as, or why it is refused: an extension we do not read, a binary
 * without type (ts, tsx, ps1), or content that contradicts the extension or a binary MIME type.
 */
export const sniffType = async (file: {
  name: string;
  claimedType: string;
  bytes: Uint8Array;
}): Promise<SniffResult> => {
  const ext = extensionOf(file.name);
  const claimedType = file.claimedType.trim().toLowerCase().split(';')[0] ?? '';
  if (ext === 'xls' || ext === 'xlsm') return refuse('type-not-supported', documentMessages.saveAsXlsx);
  if (ext === 'ppt' || ext === 'potx') return refuse('type-not-supported', documentMessages.saveAsPptx);
  const byExt: DocumentFormat | undefined = binaryWithoutType.has(ext)
    ? claimedType.startsWith('text/')
      ? 'txt'
      : undefined
    : formatByExtension[ext];
  if (!byExt) return refuse('type-not-supported', documentMessages.typeNotSupported);
  const content = await contentOf(file.bytes);
  if (!fits(byExt, ext, content))
    return refuse('type-mismatch', documentMessages.typeMismatch(claimLabel(ext), content.label));
  const byMime = formatByMime[claimedType];
  if (byMime && byMime !== byExt && !fits(byMime, '', content))
    return refuse('type-mismatch', documentMessages.typeMismatch(claimedType, content.label));
  const mime =
    byExt === 'image' || byExt === 'pdf'
      ? content.mime
      : byExt === 'docx' || byExt === 'pptx' || byExt === 'xlsx'
        ? officeMime[byExt]
        : (textMime[byExt] ?? content.mime);
  return { ok: true, sniffed: { format: byExt, mime } };
};

/** The parts each Office format must have (from the central directory: nothing unpacked). */
const officeMarkers: Readonly<Record<OfficeFormat, string>> = {
  docx: 'word/document.xml',
  pptx: 'ppt/presentation.xml',
  xlsx: 'xl/workbook.xml',
};

const officeLabels: Readonly<Record<OfficeFormat, string>> = {
  docx: 'a Word document',
  pptx: 'a PowerPoint presentation',
  xlsx: 'an Excel workbook',
};

/** Whether the archive's entries make it the Office format its name claims; else why not. */
export const checkOfficeEntries = (format: OfficeFormat, entryNames: readonly string[]): Refusal | null =>
  entryNames.includes(officeMarkers[format])
    ? null
    : {
        reason: 'type-mismatch',
        message: documentMessages.typeMismatch(
          format.toUpperCase(),
          `a ZIP archive that is not ${officeLabels[format]}`,
        ),
      };

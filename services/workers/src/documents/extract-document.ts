import { documentMessages } from '@app/contracts';
import type { ChunkText } from '@app/platform';
import { ArchiveRefused, checkArchive, type CheckedArchive } from './archive-limits';
import { chunkItems } from './chunk-text';
import { defaultExtractionLimits, type ExtractionLimits } from './extraction-limits';
import { defaultExtractors, type Extractors } from './extract/index';
import { decodeText } from './extract/text';
import { checkHtmlShape } from './html-shape';
import { checkPdfInflation } from './pdf-inflation';
import { checkOfficeEntries, extensionOf } from './sniff-type';
import { isOfficeFormat, type DocumentFormat, type Extracted, type Refusal } from './types';

/** One document to read: its name (for messages), its format (sniffed from its bytes) and its bytes. */
export interface ExtractRequest {
  name: string;
  format: DocumentFormat;
  bytes: Buffer;
}

/** What a document gave: how many items (pages, slides, rows...), whether it is an image, its chunks. */
export interface ReadDocument {
  totalItems: number;
  isImage: boolean;
  chunks: ChunkText[];
}

/**
 * Reads a document: its items chunked (on the thread that read it: chunking a large text takes
 * seconds), or a refusal a user reads (a broken or hostile document, a limit passed).
 */
export type ExtractDocument = (request: ExtractRequest) => Promise<ReadDocument | Refusal>;

/** The limits a document is checked against before (and while) it is read on the thread that reads it. */
export type ContentLimits = Pick<ExtractionLimits, 'inflatedBytes' | 'htmlDepth' | 'htmlElements'>;

export const isRefusal = (x: Extracted | ReadDocument | Refusal): x is Refusal => 'reason' in x;

const chunked = (extracted: Extracted): ReadDocument => ({
  totalItems: extracted.items.length,
  isImage: extracted.isImage,
  chunks: chunkItems(extracted.items),
});

const unreadable = (name: string, detail: string): Refusal => {
  const label = extensionOf(name).toUpperCase() || 'a document';
  return {
    reason: `unreadable: ${detail.slice(0, 200)}`,
    message: documentMessages.typeMismatch(label, `not a readable ${label}`),
  };
};

/** What is checked of a format's content before its extractor is given it (Office: its archive). */
const precheck = async (
  { format, bytes }: ExtractRequest,
  limits: ContentLimits,
): Promise<Refusal | null> => {
  if (format === 'pdf') return checkPdfInflation(bytes, limits.inflatedBytes);
  if (format === 'html') return checkHtmlShape(decodeText(bytes), limits);
  return null;
};

/**
 * Extraction on the calling thread: the content limits (a PDF's inflated streams, an HTML page's
 * depth and element count, an Office archive's central directory and inflated entries), then the
 * format's extractor and the chunking; whatever a broken or hostile document throws becomes a refusal. The extraction
 * pool runs this in its worker threads, under their time and memory limits.
 */
export const extractOnThisThread =
  (extractors: Extractors = defaultExtractors, limits: ContentLimits = defaultExtractionLimits()) =>
  async (request: ExtractRequest): Promise<ReadDocument | Refusal> => {
    const { name, format, bytes } = request;
    let archive: CheckedArchive | null = null;
    try {
      const refused = await precheck(request, limits);
      if (refused) return refused;
      if (isOfficeFormat(format)) {
        const checked = await checkArchive(bytes);
        if (!checked.ok) return 'refusal' in checked ? checked.refusal : unreadable(name, checked.damaged);
        archive = checked.archive;
        const notOffice = checkOfficeEntries(
          format,
          archive.entries.map((e) => e.name),
        );
        if (notOffice) return notOffice;
      }
      return chunked(await extractors[format]({ bytes, archive }));
    } catch (e) {
      if (e instanceof ArchiveRefused) return e.refusal;
      return unreadable(name, e instanceof Error ? e.message : String(e));
    } finally {
      archive?.close();
    }
  };

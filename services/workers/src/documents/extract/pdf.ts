import { extractText, getDocumentProxy } from 'unpdf';
import type { Extracted } from '../types';

/** pdf: the text of each page (unpdf, PDF.js); a page with no text gives no item. */
export const extractPdf = async (bytes: Uint8Array): Promise<Extracted> => {
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    const items = text.flatMap((page, i) =>
      page.trim().length > 0 ? [{ text: page, location: { page: i + 1 } }] : [],
    );
    return { items, isImage: false };
  } finally {
    await pdf.destroy();
  }
};

import { convert } from 'html-to-text';
import type { Extracted } from '../types';
import { decodeText, paragraphItems } from './text';

/** html: the visible text (html-to-text), by paragraph; links keep their text only. */
export const extractHtml = (bytes: Uint8Array): Extracted => {
  const text = convert(decodeText(bytes), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      // Headings as written (html-to-text upper-cases them by default).
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
  return { items: paragraphItems(text), isImage: false };
};

import mammoth from 'mammoth';
import type { CheckedArchive } from '../archive-limits';
import type { Extracted } from '../types';

/**
 * docx: the raw text (mammoth), one item per paragraph. mammoth unpacks the archive itself, so the
 * declared sizes are proved first (`verifySizes`: inflated, counted and discarded).
 */
export const extractDocx = async (bytes: Buffer, archive: CheckedArchive): Promise<Extracted> => {
  await archive.verifySizes();
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  const items = value
    .split(/\n+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p, i) => ({ text: p, location: { paragraph: i + 1 } }));
  return { items, isImage: false };
};

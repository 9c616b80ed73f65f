import { disallowedFileExtensions, documentMessages, fileLimits } from '@app/contracts';
import { fileExtension } from './file-name';

/** What the browser sends for a file with no type whose extension says it is code. */
export const binaryType = 'application/octet-stream';

/** Extensions whose files the browser reports with no type, taken for binary. */
const binaryWhenUntyped: ReadonlySet<string> = new Set(['ts', 'tsx', 'ps1']);

export interface UploadCandidate {
  name: string;
  /** The MIME type the browser reports ('' when it has none). */
  type: string;
  size: number;
}

export type UploadCheck = { ok: true; type: string } | { ok: false; message: string };

/**
 * Whether a file may be uploaded, checked in this order: no extension; xls and xlsm; ppt and
 * potx; a disallowed extension, or one not in `allowed` when given; then the size. Answers the
 * type to send (ts, tsx and ps1 with no type are binary).
 */
export function checkUpload(file: UploadCandidate, allowed?: readonly string[]): UploadCheck {
  const extension = fileExtension(file.name);
  if (extension === null) return { ok: false, message: documentMessages.typeNotSupported };
  if (extension === 'xls' || extension === 'xlsm') return { ok: false, message: documentMessages.saveAsXlsx };
  if (extension === 'ppt' || extension === 'potx') return { ok: false, message: documentMessages.saveAsPptx };
  const notAllowed = allowed !== undefined && !allowed.map((a) => a.toLowerCase()).includes(extension);
  if (disallowedFileExtensions.has(extension) || notAllowed)
    return { ok: false, message: documentMessages.typeNotSupported };
  if (file.size > fileLimits.maxBytes)
    return { ok: false, message: documentMessages.tooLarge(fileLimits.maxBytes / (1024 * 1024)) };
  const type = file.type === '' && binaryWhenUntyped.has(extension) ? binaryType : file.type;
  return { ok: true, type };
}

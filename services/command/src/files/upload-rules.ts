import { disallowedFileExtensions, documentMessages, fileLimits } from '@app/contracts';
import { extensionOf } from './file-keys';

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * Why an upload is refused, in `documentMessages`' words, checked in order from
 * the name's extension, then the size the browser gave; null when it may go ahead.
 */
export const uploadRefusal = (file: { name: string; size?: number | undefined }): string | null => {
  const ext = extensionOf(file.name);
  if (ext === '') return documentMessages.typeNotSupported;
  if (ext === 'xls' || ext === 'xlsm') return documentMessages.saveAsXlsx;
  if (ext === 'ppt' || ext === 'potx') return documentMessages.saveAsPptx;
  if (disallowedFileExtensions.has(ext)) return documentMessages.typeNotSupported;
  if (file.size !== undefined && file.size > fileLimits.maxBytes)
    return documentMessages.tooLarge(megabytes(fileLimits.maxBytes));
  return null;
};

/** The Content-Type the browser PUTs with (and the signed url requires). */
export const uploadContentType = (type: string) =>
  type.trim() === '' ? 'application/octet-stream' : type.trim();

import { DomainError } from '@app/platform/errors';
import {
  acceptedContentType,
  featureDataFileTypes,
  featureDataMessages,
  type FeatureDataUpload,
} from '@app/contracts';

/** What a browser may say of a file it cannot type; the name's extension then decides. */
const untyped = new Set(['', 'application/octet-stream']);

/**
 * The content type a Feature Data file is stored under, from its name's extension; refused (400, the
 * file-type message) when the upload does not take that extension or the browser names
 * another type.
 */
export const storedContentType = (upload: FeatureDataUpload, fileName: string, claimed?: string): string => {
  const type = acceptedContentType(upload, fileName);
  const said = (claimed ?? '').split(';')[0]!.trim().toLowerCase();
  const claimsOther = claimed !== undefined && !untyped.has(said) && said !== type;
  if (type === null || claimsOther)
    throw new DomainError(
      featureDataMessages.fileTypeNotSupported(Object.keys(featureDataFileTypes[upload])),
    );
  return type;
};

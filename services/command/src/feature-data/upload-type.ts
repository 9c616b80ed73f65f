import type { BlobStore } from '@app/platform';
import { DomainError } from '@app/platform/errors';
import {
  acceptedContentType,
  featureDataFileTypes,
  featureDataLimits,
  featureDataMessages,
  type FeatureDataUpload,
  type PresignedUrlResponse,
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

/**
 * The answer to an accepted Feature Data upload: the url its bytes are PUT to, signed for `key`, the
 * stored content type and the browser's MD5, within the Feature Data size and time limits.
 */
export const presignedUpload = async (
  blobs: BlobStore,
  key: string,
  upload: { contentType: string; md5: string },
): Promise<PresignedUrlResponse> => ({
  success: true,
  presigned_url: await blobs.signUpload(key, {
    contentType: upload.contentType,
    contentMd5: upload.md5,
    maxBytes: featureDataLimits.maxBytes,
    expiresInSeconds: featureDataLimits.urlSeconds,
  }),
});

import { fetchUserFeatureFlags } from '../api/user-config';
import { deleteFile, fetchFileMetadata, putFile, refusedStatus, requestFileUpload } from '../api/files';
import { contentMd5 } from '../api/md5';
import type { UploadPorts } from './upload-file';

/** The upload flow's ports in the browser: the API layer, the MD5, the clock. */
export const browserUploadPorts: UploadPorts = {
  requestUpload: requestFileUpload,
  refusedStatus,
  contentMd5: (file) => contentMd5(file),
  putFile,
  fetchMetadata: fetchFileMetadata,
  deleteFile: (key) => deleteFile({ key }),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        },
        { once: true },
      );
    }),
  now: () => Date.now(),
};

/**
 * The document-upload feature flag (`uploadDocuments`), read when files are picked: off, an
 * attachment is done once its bytes are sent. A flag nobody defined, or a failed read, counts as on.
 */
export const uploadDocumentsFlag = 'uploadDocuments';

export const uploadFlagOn = (): Promise<boolean> =>
  fetchUserFeatureFlags().then(
    (flags) => flags[uploadDocumentsFlag] !== false,
    () => true,
  );

/** The documents' messages, shown to users word for word. */
export const documentMessages = {
  /** File upload. */
  typeNotSupported: 'This file type is not supported.',
  saveAsXlsx: 'This file type is not supported. Please save the file as xlsx.',
  saveAsPptx: 'This file type is not supported. Please save the file as pptx.',
  noTextExtracted:
    'I was unable to extract any text from the provided document. If this is a PDF, please OCR the PDF before uploading it.',
  uploadFailed: 'Upload failed',
  uploadAborted: 'Upload file aborted',
  /** Processing and the document list. */
  presignedUrlFailed: (status: number | string) => `Failed to get presigned url: ${status}`,
  uploadFailedWithStatus: (status: number) => `Upload failed with status code ${status}`,
  networkError: 'Network error occurred during file upload.',
  timeoutReached: 'Timeout reached.',
  /** Ours: the server's refusals. */
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
  md5Mismatch: 'The file did not arrive intact (its Content-MD5 does not match). Please upload it again.',
  urlExpired: 'The upload link has expired or is not valid. Please upload the file again.',
  uploadUsed: 'This upload link was already used. Please upload the file again.',
  uploadRevoked: 'This file was deleted, so its upload link no longer works.',
  uploadNotStored: 'The file could not be stored right now. Please upload it again later.',
  /** A store that cannot bound an upload it has not been told the size of (S3). */
  sizeRequired: "The upload request must give the file's size in bytes (size).",
  largerThanDeclared: (bytes: number) =>
    `The file is larger than the size its upload declared (${bytes.toLocaleString('en-US')} bytes).`,
  downloadExpired: 'The download link has expired or is not valid. Please ask for the file again.',
  typeMismatch: (claimed: string, actual: string) =>
    `The file says it is ${claimed} but its content is ${actual}.`,
  archiveTooLarge: 'The document expands to more than the platform accepts; it was not unpacked.',
  archiveUnsafe: 'The document contains a path outside itself; it was not unpacked.',
  fileNotFound: 'File not found',
  processingUnavailable: 'The document could not be processed right now. Please try again later.',
  /** Ours: a document past one of the extraction limits (docs/architecture.md, Documents). */
  timeLimit: (seconds: number) =>
    `Reading the document went past the time limit (${seconds} s); it was stopped.`,
  memoryLimit: (mb: number) => `Reading the document went past the memory limit (${mb} MB); it was stopped.`,
  inflatedLimit: (mb: number) =>
    `The document's compressed content expands past the inflated size limit (${mb} MB); it was not read.`,
  htmlDepthLimit: (depth: number) =>
    `The page nests its elements deeper than the depth limit (${depth.toLocaleString('en-US')}); it was not read.`,
  htmlElementLimit: (count: number) =>
    `The page has more elements than the element limit (${count.toLocaleString('en-US')}); it was not read.`,
} as const;

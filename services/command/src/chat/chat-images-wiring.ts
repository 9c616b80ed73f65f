import type { BlobStore, Db } from '@app/platform';
import { readOwnImage } from '../files/index';
import type { ChatImageReader } from './chat-images';

/** The chat's images on the platform's ports: the files' streams (whose a key is) and the object store. */
export const chatImageReaderFor =
  (deps: { db: Db; blobs: BlobStore }): ChatImageReader =>
  (owner, key, maxBytes) =>
    readOwnImage(deps, owner, key, maxBytes);

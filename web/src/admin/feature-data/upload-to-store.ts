import { putFile } from '../../api/files';
import { contentMd5 } from '../../api/md5';

/**
 * Sends a file the Feature Data way: its Content-MD5, then the server's signed url for it (`request`),
 * then a PUT of the bytes with that type and MD5. Throws when any step fails.
 */
export async function uploadToStore(
  file: File,
  contentType: string,
  request: (md5: string) => Promise<string>,
  signal: AbortSignal = new AbortController().signal,
): Promise<void> {
  const md5 = await contentMd5(file);
  const url = await request(md5);
  await putFile(url, file, { contentType, contentMd5: md5, onProgress: () => undefined, signal });
}

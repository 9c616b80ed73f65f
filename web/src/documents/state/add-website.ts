import { atom } from 'jotai';
import type { DataSource, WebsiteFile } from '@app/contracts';
import { addWebsite } from '../../api/websites';
import { loadMyDocumentsAtom, myDocumentsAtom } from './my-documents';

/** A file the add answered, as the document list shows it until the list is read again. */
export const dataSourceOfWebsiteFile = (file: WebsiteFile): DataSource => ({
  id: file.key,
  key: file.key,
  name: file.name,
  type: file.type,
  metadata: {
    sourceUrl: file.sourceUrl,
    ...(file.fromSitemap === undefined ? {} : { fromSitemap: file.fromSitemap }),
  },
});

const keyOf = (d: DataSource) => d.key ?? d.id;

/** The list with the added documents the server did not list yet, those first (newest first). */
export const withAddedDocuments = (
  listed: readonly DataSource[],
  added: readonly DataSource[],
): DataSource[] => {
  const present = new Set(listed.map(keyOf));
  return [...added.filter((d) => !present.has(keyOf(d))), ...listed];
};

/** How often, and how far apart, the list is read again until it holds every added file. */
const rereads = { times: 10, everyMs: 300 } as const;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AddWebsiteInput {
  url: string;
  sitemap: boolean;
}

/**
 * Adds a web page, or a sitemap and its pages, as the user's documents (the server's refusal is
 * thrown), shows them in the list at once, then reads the list again until the server lists them.
 * Answers how many files were added.
 */
export const addWebsiteAtom = atom(null, async (get, set, input: AddWebsiteInput): Promise<number> => {
  const answer = await addWebsite({ url: input.url, sitemap: input.sitemap });
  const added = answer.files.map(dataSourceOfWebsiteFile);
  set(myDocumentsAtom, withAddedDocuments(get(myDocumentsAtom) ?? [], added));
  for (let attempt = 0; attempt < rereads.times; attempt++) {
    await set(loadMyDocumentsAtom);
    const listed = get(myDocumentsAtom) ?? [];
    const merged = withAddedDocuments(listed, added);
    if (merged.length === listed.length) break;
    set(myDocumentsAtom, merged);
    await sleep(rereads.everyMs);
  }
  return answer.files.length;
});

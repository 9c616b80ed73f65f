import { atom } from 'jotai';
import type { DataSource } from '@app/contracts';
import { deleteFile, queryFiles, type ListedFile } from '../../api/files';
import { errorText } from '../../api/http';

/** A listed file as the document list and the chat name it. */
export const dataSourceOfFile = (file: ListedFile): DataSource => {
  const metadata: Record<string, unknown> = {};
  if (file.sourceUrl !== undefined) metadata['sourceUrl'] = file.sourceUrl;
  if (file.fromSitemap !== undefined) metadata['fromSitemap'] = file.fromSitemap;
  if (file.isImage !== undefined) metadata['isImage'] = file.isImage;
  if (file.totalItems !== undefined) metadata['totalItems'] = file.totalItems;
  return {
    id: file.key,
    key: file.key,
    name: file.name,
    type: file.type,
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
};

/** The signed-in user's documents (null until read) and why the last read failed. */
export const myDocumentsAtom = atom<DataSource[] | null>(null);
export const myDocumentsErrorAtom = atom<string | null>(null);

export const loadMyDocumentsAtom = atom(null, async (_get, set) => {
  try {
    const files = await queryFiles();
    set(myDocumentsAtom, files.map(dataSourceOfFile));
    set(myDocumentsErrorAtom, null);
  } catch (e) {
    set(myDocumentsErrorAtom, errorText(e));
  }
});

/** Removes documents from the server (one, or a sitemap and its pages), then reads the list again. */
export const removeMyDocumentsAtom = atom(null, async (get, set, documents: DataSource[]) => {
  const keys = new Set(documents.map((d) => d.key ?? d.id));
  set(
    myDocumentsAtom,
    (get(myDocumentsAtom) ?? []).filter((d) => !keys.has(d.key ?? d.id)),
  );
  const results = await Promise.allSettled([...keys].map((key) => deleteFile({ key })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) set(myDocumentsErrorAtom, errorText(failed.reason));
  await set(loadMyDocumentsAtom);
});

import type { ConversationFolder } from '@app/contracts';
import { filingOf, type FilingView } from './filing-state';

export interface FolderSection<T> {
  folder: ConversationFolder;
  items: T[];
}

/** The sidebar's list in its parts: pinned first, then each folder's, then the rest (for the date groups). */
export interface SidebarSections<T> {
  pinned: T[];
  folders: FolderSection<T>[];
  unfiled: T[];
}

/**
 * Splits the conversations (in the order given, newest first) into the pinned ones, each folder's
 * (folders in the order given, empty ones too) and the unfiled rest. A pinned conversation shows
 * under Pinned only, whatever its folder. With `tag`, only the conversations carrying it are kept
 * (and folders without one of them are left out).
 */
export function sidebarSections<T extends { id: string }>(
  conversations: readonly T[],
  filing: FilingView | null,
  tag: string | null = null,
): SidebarSections<T> {
  const folders = filing?.folders ?? [];
  const inFolder = new Map<string, T[]>(folders.map((f) => [f.id, []]));
  const pinned: T[] = [];
  const unfiled: T[] = [];
  for (const conversation of conversations) {
    const filed = filingOf(filing, conversation.id);
    if (tag !== null && !filed.tags.includes(tag)) continue;
    if (filed.pinned) pinned.push(conversation);
    else if (filed.folderId !== null && inFolder.has(filed.folderId))
      inFolder.get(filed.folderId)?.push(conversation);
    else unfiled.push(conversation);
  }
  return {
    pinned,
    folders: folders
      .map((folder) => ({ folder, items: inFolder.get(folder.id) ?? [] }))
      .filter((section) => tag === null || section.items.length > 0),
    unfiled,
  };
}

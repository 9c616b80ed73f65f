import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { documentMessages, fileLimits } from '@app/contracts';
import type { Refusal } from './types';

/**
 * Office documents (docx, pptx, xlsx) are zip archives. Before anything is unpacked, their central
 * directory (the list at the end of the file) is judged: how many entries, how much they declare to
 * expand to in all, how much each expands relative to its compressed size, and whether a name points
 * outside the archive. What is unpacked afterwards is counted as it inflates, in case the declared
 * sizes lie: past an entry's declared size or the archive's budget it stops.
 */
export interface ArchiveLimits {
  archiveEntries: number;
  archiveUncompressedBytes: number;
  archiveEntryRatio: number;
}

/** Entries smaller than this are not judged by their ratio (small XML parts compress well honestly). */
export const ratioFloorBytes = 1024 * 1024;

export interface ArchiveEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const tooLarge = (reason: string): Refusal => ({ reason, message: documentMessages.archiveTooLarge });

/** A name that would land outside the archive if it were written out. */
export const isUnsafeEntryName = (name: string): boolean =>
  name.includes('\\') ||
  name.startsWith('/') ||
  /^[a-zA-Z]:/.test(name) ||
  name.includes('\0') ||
  name.split('/').includes('..');

/** The verdict on a central directory (pure): null when it may be unpacked. */
export const judgeEntries = (
  entries: readonly ArchiveEntryInfo[],
  limits: ArchiveLimits = fileLimits,
): Refusal | null => {
  if (entries.length > limits.archiveEntries) return tooLarge('archive-too-many-entries');
  if (entries.some((e) => isUnsafeEntryName(e.name)))
    return { reason: 'archive-unsafe-path', message: documentMessages.archiveUnsafe };
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > limits.archiveUncompressedBytes) return tooLarge('archive-too-large');
  const bomb = entries.some(
    (e) =>
      e.uncompressedSize > ratioFloorBytes &&
      e.uncompressedSize / Math.max(e.compressedSize, 1) > limits.archiveEntryRatio,
  );
  return bomb ? tooLarge('archive-ratio') : null;
};

/** Thrown while unpacking: the archive was refused (the pipeline records the refusal). */
export class ArchiveRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
    this.name = 'ArchiveRefused';
  }
}

/** An archive whose central directory passed `judgeEntries`: entries are read one at a time, counted. */
export interface CheckedArchive {
  readonly entries: readonly ArchiveEntryInfo[];
  /** Inflates one entry; throws ArchiveRefused past its declared size or the archive's budget. */
  read(name: string): Promise<Buffer>;
  /**
   * Inflates every entry once and discards the bytes, to prove the declared sizes true before a
   * library that unpacks the whole archive itself (mammoth, exceljs) is given it.
   */
  verifySizes(): Promise<void>;
  close(): void;
}

export type ArchiveCheck =
  | { ok: true; archive: CheckedArchive }
  | { ok: false; refusal: Refusal }
  /** Not a zip we can read (damaged, encrypted, not a zip at all). */
  | { ok: false; damaged: string };

const readCentralDirectory = (zip: ZipFile, max: number): Promise<Entry[]> =>
  new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > max) resolve(entries);
      else zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });

const nameOf = (entry: Entry): string =>
  yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);

/** Reads the central directory (nothing inflated) and judges it. */
export const checkArchive = async (
  bytes: Buffer,
  limits: ArchiveLimits = fileLimits,
): Promise<ArchiveCheck> => {
  let zip: ZipFile;
  let raw: Entry[];
  try {
    // decodeStrings off: yauzl would throw on a bad name; we judge names ourselves (archiveUnsafe).
    // validateEntrySizes off: what is inflated is counted here, against the declared sizes.
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (e) {
    return { ok: false, damaged: e instanceof Error ? e.message : String(e) };
  }
  if (zip.entryCount > limits.archiveEntries) {
    zip.close();
    return { ok: false, refusal: tooLarge('archive-too-many-entries') };
  }
  try {
    raw = await readCentralDirectory(zip, limits.archiveEntries);
  } catch (e) {
    zip.close();
    return { ok: false, damaged: e instanceof Error ? e.message : String(e) };
  }
  const named = raw.map((entry) => ({ entry, name: nameOf(entry) }));
  const entries = named.map(({ entry, name }) => ({
    name,
    compressedSize: entry.compressedSize,
    uncompressedSize: entry.uncompressedSize,
  }));
  const refusal = judgeEntries(entries, limits);
  if (refusal) {
    zip.close();
    return { ok: false, refusal };
  }
  let budget = limits.archiveUncompressedBytes;
  const inflate = async (entry: Entry, keep: boolean): Promise<Buffer> => {
    const cap = Math.min(entry.uncompressedSize, budget);
    const stream = await zip.openReadStreamPromise(entry);
    const parts: Buffer[] = [];
    let count = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      count += chunk.length;
      if (count > cap) {
        stream.destroy();
        throw new ArchiveRefused(tooLarge('archive-inflates-past-declared-size'));
      }
      if (keep) parts.push(chunk);
    }
    budget -= count;
    return Buffer.concat(parts);
  };
  return {
    ok: true,
    archive: {
      entries,
      read: async (name) => {
        const found = named.find((n) => n.name === name);
        if (!found) throw new Error(`no entry ${name} in the archive`);
        return inflate(found.entry, true);
      },
      verifySizes: async () => {
        for (const { entry, name } of named) if (!name.endsWith('/')) await inflate(entry, false);
        budget = limits.archiveUncompressedBytes;
      },
      close: () => zip.close(),
    },
  };
};

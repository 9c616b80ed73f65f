import { eventTypesOf } from '../event-types';
/**
 * Each user's storage: a ledger stream per owner (`fileStorage-<owner>`) of the bytes their files
 * hold. An upload request reserves its size (declared, or the most its URL may take) and is refused
 * past the quota; the bytes that arrived replace the reservation; a delete releases it.
 */
export const fileStorageStreamId = (owner: string) => `fileStorage-${owner.toLowerCase()}`;

export type FileStorageEvent =
  | { type: 'FileStorageReserved'; data: { key: string; bytes: number } }
  | { type: 'FileStorageCounted'; data: { key: string; bytes: number } }
  | { type: 'FileStorageReleased'; data: { key: string } };

export const fileStorageEventTypes = eventTypesOf<FileStorageEvent>({
  FileStorageReserved: true,
  FileStorageCounted: true,
  FileStorageReleased: true,
});

const mb = 1024 * 1024;
const gb = 1024 * mb;
const trimmed = (n: number, digits: number) => String(Number(n.toFixed(digits)));

/** A size as people read it, in GB from 1 GB on ('1 GB', '1.02 GB'), else in MB ('512 MB', '0.4 MB'). */
export const formatStorage = (bytes: number, unitOf: number = bytes): string =>
  unitOf >= gb ? `${trimmed(bytes / gb, 2)} GB` : `${trimmed(bytes / mb, 1)} MB`;

/** The refusal of an upload past the owner's quota: the quota and what is in use, in the quota's unit. */
export const storageQuotaMessage = (quotaBytes: number, usedBytes: number): string =>
  `Storage quota of ${formatStorage(quotaBytes)} reached: ${formatStorage(usedBytes, quotaBytes)} in use.`;

/** The refusal of an addition (an upload's declared size, a website's pages) that does not fit in what the quota leaves. */
export const storageExceededMessage = (bytes: number, quotaBytes: number, usedBytes: number): string =>
  `Adding ${formatStorage(bytes)} would go past the storage quota of ${formatStorage(quotaBytes)}: ${formatStorage(usedBytes, quotaBytes)} in use.`;

import { storageExceededMessage, storageQuotaMessage, type FileStorageEvent } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/**
 * One owner's storage ledger (`fileStorageStreamId(owner)`): the bytes each of their files holds
 * (reserved, then counted), and null for a file released (deleted), kept so a read model that has
 * not seen the delete yet is not counted again.
 */
export interface StorageState {
  files: Record<string, number | null>;
}

export type StorageCommand =
  /**
   * An upload's size, refused when it does not fit: `otherBytes` are the owner's files the ledger
   * does not hold (uploaded before it existed), counted by the handler from the read model.
   */
  | { type: 'Reserve'; data: { key: string; bytes: number; quotaBytes: number; otherBytes: number } }
  /** Several files at once (a website's pages), `bytes` each: all reserved, or none when they do not fit together. */
  | {
      type: 'ReserveMany';
      data: { keys: string[]; bytes: number; quotaBytes: number; otherBytes: number };
    }
  | { type: 'Count'; data: { key: string; bytes: number } }
  | { type: 'Release'; data: { key: string } };

/** The bytes the ledger holds. */
export const ledgerBytes = (state: StorageState): number =>
  Object.values(state.files).reduce<number>((sum, bytes) => sum + (bytes ?? 0), 0);

/** The keys the ledger knows (held or released): the read model's rows for them are not counted again. */
export const ledgerKeys = (state: StorageState): string[] => Object.keys(state.files);

/**
 * Refuses `bytes` more when the quota is full (even an upload that declares nothing, 0 bytes
 * reserved, needs room left), or when they would go past it.
 */
const assertFits = (state: StorageState, bytes: number, quotaBytes: number, otherBytes: number): void => {
  const used = ledgerBytes(state) + otherBytes;
  if (used >= quotaBytes) throw new DomainError(storageQuotaMessage(quotaBytes, used));
  if (used + bytes > quotaBytes) throw new DomainError(storageExceededMessage(bytes, quotaBytes, used));
};

const decide = (command: StorageCommand, state: StorageState): FileStorageEvent[] => {
  switch (command.type) {
    case 'Reserve': {
      const { key, bytes, quotaBytes, otherBytes } = command.data;
      if (state.files[key] !== undefined) return [];
      assertFits(state, bytes, quotaBytes, otherBytes);
      return [{ type: 'FileStorageReserved', data: { key, bytes } }];
    }
    case 'ReserveMany': {
      const { bytes, quotaBytes, otherBytes } = command.data;
      const keys = [...new Set(command.data.keys)].filter((key) => state.files[key] === undefined);
      if (keys.length === 0) return [];
      assertFits(state, bytes * keys.length, quotaBytes, otherBytes);
      return keys.map((key) => ({ type: 'FileStorageReserved', data: { key, bytes } }));
    }
    case 'Count': {
      const { key, bytes } = command.data;
      const held = state.files[key];
      if (held === null || held === bytes) return [];
      return [{ type: 'FileStorageCounted', data: { key, bytes } }];
    }
    case 'Release':
      return state.files[command.data.key] === null
        ? []
        : [{ type: 'FileStorageReleased', data: command.data }];
    default:
      return assertNever(command);
  }
};

const evolve = (state: StorageState, event: FileStorageEvent): StorageState => {
  switch (event.type) {
    case 'FileStorageReserved':
    case 'FileStorageCounted':
      return { files: { ...state.files, [event.data.key]: event.data.bytes } };
    case 'FileStorageReleased':
      return { files: { ...state.files, [event.data.key]: null } };
    default:
      return assertNever(event);
  }
};

const evolveAll = (state: StorageState, events: readonly FileStorageEvent[]): StorageState => {
  const files = { ...state.files };
  for (const event of events)
    files[event.data.key] = event.type === 'FileStorageReleased' ? null : event.data.bytes;
  return { files };
};

export const storageDecider: Decider<StorageState, StorageCommand, FileStorageEvent> = {
  initialState: () => ({ files: {} }),
  decide,
  evolve,
  evolveAll,
  snapshot: plainSnapshot('fileStorage/1', (j) => isPlainObject(j) && isPlainObject(j['files'])),
};

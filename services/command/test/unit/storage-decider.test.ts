import { describe, expect, it } from 'vitest';
import { storageExceededMessage, storageQuotaMessage, type FileStorageEvent } from '@app/contracts';
import { storageDecider } from '../../src/files/storage-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(storageDecider);
const mb = 1024 * 1024;
const quotaBytes = 100 * mb;

const reserved = (key: string, bytes: number): FileStorageEvent => ({
  type: 'FileStorageReserved',
  data: { key, bytes },
});
const counted = (key: string, bytes: number): FileStorageEvent => ({
  type: 'FileStorageCounted',
  data: { key, bytes },
});
const released = (key: string): FileStorageEvent => ({ type: 'FileStorageReleased', data: { key } });
const reserve = (key: string, bytes: number, otherBytes = 0) =>
  ({ type: 'Reserve', data: { key, bytes, quotaBytes, otherBytes } }) as const;

describe('storage ledger: reservations against the quota', () => {
  it('given room, when an upload reserves its size, then it is reserved', () => {
    given([reserved('a', 60 * mb)])
      .when(reserve('b', 40 * mb))
      .then([reserved('b', 40 * mb)]);
  });

  it('given files that fill part of it, when an upload does not fit, then it is refused saying its size would go past the quota (not that the quota is reached)', () => {
    given([reserved('a', 60 * mb), counted('a', 61 * mb)])
      .when(reserve('b', 40 * mb))
      .thenThrows(storageExceededMessage(40 * mb, quotaBytes, 61 * mb));
    expect(storageExceededMessage(40 * mb, quotaBytes, 61 * mb)).toBe(
      'Adding 40 MB would go past the storage quota of 100 MB: 61 MB in use.',
    );
  });

  it('given files outside the ledger (uploaded before it), when they and the upload pass the quota, then it is refused counting them', () => {
    given([reserved('a', 10 * mb)])
      .when(reserve('b', 20 * mb, 80 * mb))
      .thenThrows(storageExceededMessage(20 * mb, quotaBytes, 90 * mb));
  });

  it('given a full ledger, when an upload reserves nothing (no size declared, nothing left), then it is refused', () => {
    given([reserved('a', quotaBytes)])
      .when(reserve('b', 0))
      .thenThrows(storageQuotaMessage(quotaBytes, quotaBytes));
  });

  it('given a released file, when an upload needs its room, then it fits', () => {
    given([reserved('a', 90 * mb), released('a')])
      .when(reserve('b', 90 * mb))
      .then([reserved('b', 90 * mb)]);
  });

  it('given a key reserved already (a replayed request), when it reserves again, then nothing', () => {
    given([reserved('a', 10 * mb)])
      .when(reserve('a', 10 * mb))
      .then([]);
  });
});

describe("storage ledger: several files at once (a website's pages)", () => {
  const reserveMany = (keys: string[], bytes: number, otherBytes = 0) =>
    ({ type: 'ReserveMany', data: { keys, bytes, quotaBytes, otherBytes } }) as const;

  it('given room for all, when pages reserve their cap each, then each is reserved', () => {
    given([reserved('a', 50 * mb)])
      .when(reserveMany(['p1', 'p2'], 10 * mb))
      .then([reserved('p1', 10 * mb), reserved('p2', 10 * mb)]);
  });

  it('given room for some only, when they reserve together, then none is and the refusal names their total', () => {
    given([reserved('a', 50 * mb)])
      .when(reserveMany(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'], 10 * mb))
      .thenThrows(storageExceededMessage(60 * mb, quotaBytes, 50 * mb));
  });

  it('given a full ledger, when pages reserve, then the quota is reached; keys already held reserve nothing', () => {
    given([reserved('a', quotaBytes)])
      .when(reserveMany(['p1'], mb))
      .thenThrows(storageQuotaMessage(quotaBytes, quotaBytes));
    given([reserved('p1', mb)])
      .when(reserveMany(['p1', 'p1'], mb))
      .then([]);
  });
});

describe('storage ledger: counting and releasing', () => {
  it('given a reservation, when the bytes arrive, then their size replaces it', () => {
    given([reserved('a', 10 * mb)])
      .when({ type: 'Count', data: { key: 'a', bytes: 3 } })
      .then([counted('a', 3)]);
  });

  it('given the same size counted, or a released file, when bytes are counted, then nothing', () => {
    given([counted('a', 3)])
      .when({ type: 'Count', data: { key: 'a', bytes: 3 } })
      .then([]);
    given([reserved('a', 3), released('a')])
      .when({ type: 'Count', data: { key: 'a', bytes: 3 } })
      .then([]);
  });

  it('given a file the ledger never held, when it is released, then the release is recorded (its read model row is not counted again)', () => {
    given([])
      .when({ type: 'Release', data: { key: 'old' } })
      .then([released('old')]);
    given([released('old')])
      .when({ type: 'Release', data: { key: 'old' } })
      .then([]);
  });
});

describe('storage ledger: folding and snapshots', () => {
  const events = [reserved('a', 5), counted('a', 3), reserved('b', 7), released('a'), reserved('c', 1)];

  it('evolveAll folds as evolve does, and the state survives its snapshot', () => {
    const byOne = events.reduce(storageDecider.evolve, storageDecider.initialState());
    const atOnce = storageDecider.evolveAll?.(storageDecider.initialState(), events);
    expect(atOnce).toEqual(byOne);
    expect(byOne).toEqual({ files: { a: null, b: 7, c: 1 } });
    const restored = storageDecider.snapshot?.restore(JSON.parse(JSON.stringify(byOne)));
    expect(restored).toEqual(byOne);
    expect(() => storageDecider.snapshot?.restore({ phase: 'x' })).toThrow();
  });
});

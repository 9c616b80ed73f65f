import type { Db, NewEvent } from '@app/platform';
import { fold, type Decider, type SnapshotCodec } from './decider';
import { foldSettingAside } from './fold-setting-aside';
import { warnLeftOut } from './left-out-warnings';
import { readSnapshotAndTail, writeSnapshot } from './snapshots';

/**
 * A snapshot is kept once this many events were folded since the last one (by the command that
 * folded or appended them): a command then reads at most this many events beyond its snapshot, and a
 * command on a short stream writes none.
 */
export const snapshotEvery = 100;

type StateDecider<S, E> = Pick<
  Decider<S, never, E>,
  'evolve' | 'initialState' | 'evolveAll' | 'snapshot' | 'contract'
>;

export interface StreamState<S> {
  state: S;
  /** The stream's version the state was folded to (0: no stream). */
  version: number;
  /** The version of the snapshot it started from, null when it was folded from the first event. */
  snapshotVersion: number | null;
  /** How many events were folded (onto the snapshot, or from the start). */
  folded: number;
  /** How many stored events the fold left out (a value card's misfit): no snapshot is kept then. */
  leftOut: number;
}

const restored = <S>(codec: SnapshotCodec<S>, json: unknown): { state: S } | null => {
  try {
    return { state: codec.restore(json) };
  } catch {
    // An unreadable snapshot is only a cache that missed: the stream is refolded.
    return null;
  }
};

/**
 * The events of `streamId` after version `after`, read from the log, folded onto `from`: for a
 * decider with a contract, an event that does not fit it or whose evolve throws is left out (and
 * warned of once), as the projections set it aside, so one malformed event does not refuse every
 * later command; a decider without one throws (`foldSettingAside`). Answers how many were left out.
 */
export const foldStoredCounting = <S, E>(
  decider: Pick<Decider<S, never, E>, 'evolve' | 'initialState' | 'evolveAll' | 'contract'>,
  streamId: string,
  events: readonly E[],
  after: number,
  from: S = decider.initialState(),
): { state: S; leftOut: number } => {
  let folded: ReturnType<typeof foldSettingAside<S, E>>;
  try {
    folded = foldSettingAside(decider, events, from);
  } catch (cause) {
    // Only a decider without a contract throws: the command fails (a 500), the log names the stream.
    throw new Error(`the stored events of ${streamId} after version ${after} cannot be folded`, { cause });
  }
  if (folded.leftOut.length > 0) warnLeftOut(streamId, after + 1, folded.leftOut);
  return { state: folded.state, leftOut: folded.leftOut.length };
};

/**
 * A stream's state as `decider` folds it (`foldStoredCounting`): from its snapshot (of the decider's shape)
 * and the events after it, else from every event. Same state either way; pure apart from the one
 * read (two when a snapshot of the right shape cannot be restored) and a warning of a left-out event.
 */
export const loadState = async <S, E extends NewEvent>(
  db: Db,
  decider: StateDecider<S, E>,
  streamId: string,
): Promise<StreamState<S>> => {
  const codec = decider.snapshot;
  const read = await readSnapshotAndTail(db, streamId, codec?.shape ?? null);
  const from = read.snapshot && codec ? restored(codec, read.snapshot.state) : null;
  if (read.snapshot && from) {
    const folded = foldStoredCounting(decider, streamId, read.tail as E[], read.snapshot.version, from.state);
    return {
      ...folded,
      version: read.head,
      snapshotVersion: read.snapshot.version,
      folded: read.tail.length,
    };
  }
  const all = read.snapshot ? await readSnapshotAndTail(db, streamId, null) : read;
  return {
    ...foldStoredCounting(decider, streamId, all.tail as E[], 0),
    version: all.head,
    snapshotVersion: null,
    folded: all.tail.length,
  };
};

/**
 * After a command appended `appended` at `version` (its transaction still open): keeps the state it
 * leaves as the stream's snapshot when `snapshotEvery` events were folded since the last one. Also
 * when nothing was appended: the next command then starts from there. Never while the fold left an
 * event out: a snapshot would keep it out for good, even once it is fixed and retried.
 */
export const keepSnapshot = async <S, E extends NewEvent>(
  db: Db,
  decider: StateDecider<S, E>,
  streamId: string,
  loaded: StreamState<S>,
  appended: { events: readonly E[]; version: number },
): Promise<void> => {
  const codec = decider.snapshot;
  if (!codec || appended.version === 0 || loaded.leftOut > 0) return;
  // Appended at another version than the one loaded ('any'): the state does not describe that version.
  if (appended.version !== loaded.version + appended.events.length) return;
  if (loaded.folded + appended.events.length < snapshotEvery) return;
  const state = appended.events.length === 0 ? loaded.state : fold(decider, appended.events, loaded.state);
  await writeSnapshot(db, { streamId, version: appended.version, shape: codec.shape, state });
};

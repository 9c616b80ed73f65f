import type { Db, NewEvent } from '@app/platform';
import type { Decider } from './decider';
import { writeSnapshot } from './snapshots';
import { foldStoredCounting, loadState, snapshotEvery } from './stream-state';
import { readTails, type StreamTail } from './stream-tails';

type StateDecider<S, E> = Pick<
  Decider<S, never, E>,
  'evolve' | 'initialState' | 'evolveAll' | 'snapshot' | 'contract'
>;

/** A stream's state as last read, at its version. Never changed in place: folds make new states. */
interface Entry {
  version: number;
  state: unknown;
  /** No stored event was left out of the folds that made it (a snapshot of it may be kept). */
  whole: boolean;
}

/** A snapshot to keep of a state read past a multiple of `snapshotEvery`. */
type Kept = Parameters<typeof writeSnapshot>[1];

/** Whether reading from `version` to `head` went past a multiple of `snapshotEvery`. */
const passedSnapshot = (version: number, head: number) =>
  Math.floor(head / snapshotEvery) > Math.floor(version / snapshotEvery);

/** One stream of a batch: how to read it, and where its state goes once read. */
interface Wanted {
  streamId: string;
  refresh(entry: Entry | undefined, tail: NewEvent[] | null, head: number): Entry;
  reload(db: Db): Promise<Entry>;
  result: Entry | undefined;
  /** Its state, to keep as its snapshot (`keepSnapshots`). */
  snapshot?: Kept;
}

export interface StateBatch {
  /** Adds a stream to the batch; the answer gives its state once `load` has run. */
  add<S, E extends NewEvent>(decider: StateDecider<S, E>, streamId: string): () => S;
  /** As `add`, with the version the state was folded to (0: no stream): to append at. */
  addVersioned<S, E extends NewEvent>(
    decider: StateDecider<S, E>,
    streamId: string,
  ): () => { state: S; version: number };
  /** Reads every stream added, as each is now: one statement for those seen before. */
  load(db: Db): Promise<void>;
  /**
   * Answers every stream added from the states kept, reading nothing: what `load` would answer if
   * none has changed since (the same state objects). False, nothing answered, when one is not kept.
   */
  peek(): boolean;
}

export interface StateCache {
  batch(): StateBatch;
}

/**
 * Streams' states kept between requests (configuration, a user's settings and accounts), each at
 * the version it was folded to. A batch reads the heads of all its streams and the events beyond
 * what is kept in ONE statement (with every such read of the same turn: stream-tails.ts), and folds
 * those onto the kept states: exactly what a fresh read gives (a save an instant ago is seen), in
 * one round trip. A stream not kept yet is read from its snapshot (in parallel with that statement).
 *
 * Read with the pool, or in a transaction that appended nothing to these streams: a kept state is
 * then always a committed one. Holds at most `maxEntries` streams (the oldest read are dropped).
 */
export interface StateCacheOptions {
  /** At most this many streams (the oldest read are dropped). */
  maxEntries?: number;
  /**
   * Keeps a stream's snapshot when a read folds past a multiple of `snapshotEvery` (spend ledgers:
   * appended to in one statement, with no fold of their own). With the pool, after the answer (a
   * lost write is only a snapshot missed); in a transaction, in it.
   */
  keepSnapshots?: boolean;
}

export const createStateCache = ({
  maxEntries = 10_000,
  keepSnapshots = false,
}: StateCacheOptions = {}): StateCache => {
  const entries = new Map<string, Entry>();
  const keep = (streamId: string, entry: Entry) => {
    const kept = entries.get(streamId);
    if (kept && kept.version > entry.version) return;
    entries.delete(streamId);
    entries.set(streamId, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  const batch = (): StateBatch => {
    const wanted: Wanted[] = [];
    const addVersioned = <S, E extends NewEvent>(decider: StateDecider<S, E>, streamId: string) => {
      /** Keeps `state` as the stream's snapshot at `version` when worth it and snapshots are kept. */
      const keepSnapshot = (worth: boolean, version: number, state: S) => {
        if (keepSnapshots && decider.snapshot && worth)
          w.snapshot = { streamId, version, shape: decider.snapshot.shape, state };
      };
      const w: Wanted = {
        streamId,
        result: undefined,
        refresh: (entry, tail, head) => {
          if (!entry || tail === null) throw new Error(`no state of ${streamId}`);
          if (tail.length === 0) return entry;
          const { state, leftOut } = foldStoredCounting(
            decider,
            streamId,
            tail as E[],
            entry.version,
            entry.state as S,
          );
          const next = { version: head, state, whole: entry.whole && leftOut === 0 };
          keepSnapshot(next.whole && passedSnapshot(entry.version, head), head, state);
          return next;
        },
        reload: async (db) => {
          const loaded = await loadState(db, decider, streamId);
          const whole = loaded.leftOut === 0;
          keepSnapshot(whole && loaded.folded >= snapshotEvery, loaded.version, loaded.state);
          return { version: loaded.version, state: loaded.state, whole };
        },
      };
      wanted.push(w);
      return () => {
        if (!w.result) throw new Error(`${streamId} was not loaded`);
        return { state: w.result.state as S, version: w.result.version };
      };
    };
    return {
      add: <S, E extends NewEvent>(decider: StateDecider<S, E>, streamId: string) => {
        const versioned = addVersioned(decider, streamId);
        return () => versioned().state;
      },
      addVersioned: <S, E extends NewEvent>(decider: StateDecider<S, E>, streamId: string) =>
        addVersioned(decider, streamId),
      load: async (db) => {
        const kept = new Map<string, Entry>();
        for (const w of wanted) {
          const entry = entries.get(w.streamId);
          if (entry) kept.set(w.streamId, entry);
        }
        const after = new Map([...kept].map(([id, e]) => [id, e.version]));
        const fresh = wanted.filter((w) => !kept.has(w.streamId));
        const [tails] = await Promise.all([
          after.size > 0 ? readTails(db, after) : Promise.resolve(new Map<string, StreamTail>()),
          ...fresh.map(async (w) => {
            w.result = await w.reload(db);
          }),
        ]);
        await Promise.all(
          wanted
            .filter((w) => kept.has(w.streamId))
            .map(async (w) => {
              const entry = kept.get(w.streamId);
              const row = tails.get(w.streamId);
              // A head behind what was kept (the log was rebuilt): read it again from the start.
              const consistent =
                entry && row && row.head >= entry.version && row.head === entry.version + row.tail.length;
              w.result = consistent ? w.refresh(entry, row.tail, row.head) : await w.reload(db);
            }),
        );
        for (const w of wanted) if (w.result) keep(w.streamId, w.result);
        const snapshots = wanted.flatMap((w) => (w.snapshot ? [w.snapshot] : []));
        if (snapshots.length === 0) return;
        if (db.isTransaction) for (const snapshot of snapshots) await writeSnapshot(db, snapshot);
        else for (const snapshot of snapshots) void writeSnapshot(db, snapshot).catch(() => undefined);
      },
      peek: () => {
        const kept = wanted.map((w) => entries.get(w.streamId));
        if (kept.some((e) => e === undefined)) return false;
        wanted.forEach((w, i) => (w.result = kept[i]));
        return true;
      },
    };
  };

  return { batch };
};

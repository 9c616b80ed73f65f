import { emptyNameMap, ownValue, type NameMap } from '@app/contracts';
import type { z } from 'zod';

/**
 * How a decider's state is kept as a snapshot (table `snapshots`): the state must be plain JSON
 * (JSON.stringify of it, then `restore`, gives an equal state that decides the same). `shape` names
 * the state's shape and the fold that made it ('featureFlags/1'): bump it whenever either changes,
 * and the snapshots of the old shape are ignored, then replaced.
 */
export interface SnapshotCodec<State> {
  shape: string;
  /** The state from its JSON; throws when `json` is not one (the stream is then refolded). */
  restore: (json: unknown) => State;
}

/** Emmett's shape: pure functions, no I/O. `decide` throws DomainError with a message of `contracts/`. */
export interface Decider<State, Command, Event> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
  /**
   * Optional: the same as `events.reduce(evolve, state)`, without copying the whole state per event
   * (one copy per run of events). Pure: `state` is left as it was.
   */
  evolveAll?: (state: State, events: readonly Event[]) => State;
  /** Optional: the state may be snapshotted, under this shape. */
  snapshot?: SnapshotCodec<State>;
  /**
   * Optional: the events' zod contract, the one their projection checks (e.g. a value card's
   * `eventContract` in contracts' `value-cards/`). A stored event that does not fit is left out of the fold
   * (`fold-setting-aside.ts`); without one, only an event whose evolve throws is.
   */
  contract?: z.ZodType<Event>;
}

/** `events` folded onto `from` (the initial state unless given), with `evolveAll` when there is one. */
export const fold = <S, E>(
  decider: Pick<Decider<S, never, E>, 'evolve' | 'initialState' | 'evolveAll'>,
  events: readonly E[],
  from: S = decider.initialState(),
): S => (decider.evolveAll ? decider.evolveAll(from, events) : events.reduce(decider.evolve, from));

/**
 * The fold of a state that is a map by name (see @app/contracts' records): one copy of the map per run
 * of events, each entry evolved by a pure `evolveEntry` (undefined: no such entry). Both functions are
 * pure; `evolve` is `evolveAll` of one event.
 */
export const nameMapFold = <T, E>(
  keyOf: (event: E) => string,
  evolveEntry: (entry: T | undefined, event: E) => T | undefined,
) => {
  const evolveAll = (state: Readonly<NameMap<T>>, events: readonly E[]): NameMap<T> => {
    // Object.assign onto a map without a prototype copies '__proto__' as a key (see records.ts).
    const next = Object.assign(emptyNameMap<T>(), state);
    for (const event of events) {
      const key = keyOf(event);
      const entry = evolveEntry(ownValue(next, key), event);
      if (entry === undefined) delete next[key];
      else next[key] = entry;
    }
    return next;
  };
  return {
    evolveAll,
    evolve: (state: NameMap<T>, event: E): NameMap<T> => evolveAll(state, [event]),
  };
};

const isRecord = (json: unknown): json is Record<string, unknown> =>
  typeof json === 'object' && json !== null && !Array.isArray(json);

/** A snapshot of a map by name: restored without a prototype, keys in the order they were written. */
export const nameMapSnapshot = <T>(shape: string): SnapshotCodec<NameMap<T>> => ({
  shape,
  restore: (json) => {
    if (!isRecord(json)) throw new Error(`snapshot ${shape}: not an object`);
    // JSON.parse defines '__proto__' as an own key, so Object.entries lists it like any other.
    return Object.assign(emptyNameMap<T>(), json as NameMap<T>);
  },
});

/** A snapshot of a state that is plain JSON already; `accepts` checks its outline. */
export const plainSnapshot = <S>(shape: string, accepts: (json: unknown) => boolean): SnapshotCodec<S> => ({
  shape,
  restore: (json) => {
    if (!accepts(json)) throw new Error(`snapshot ${shape}: not the expected shape`);
    return json as S;
  },
});

export const isPlainObject = isRecord;

export { assertNever } from '@app/contracts';

import { fold, type Decider } from './decider';

/** An event left out of a fold: its index in the events folded, its type, and why. */
export interface LeftOut {
  index: number;
  type: string;
  reason: 'contract' | 'evolve';
}

export interface Folded<S> {
  state: S;
  /** In the events' order; empty when every event was folded. */
  leftOut: LeftOut[];
}

type FoldingDecider<S, E> = Pick<Decider<S, never, E>, 'evolve' | 'initialState' | 'evolveAll' | 'contract'>;

const typeOf = (event: unknown): string => {
  const type: unknown = typeof event === 'object' && event !== null ? Reflect.get(event, 'type') : undefined;
  return typeof type === 'string' ? type : '(no type)';
};

/**
 * `events` as read from the log folded onto `from`, like the projections fold them
 * (docs/architecture.md, "Projections"), for a decider that declares its events' `contract` (the
 * value cards): an event that does not fit it or whose evolve throws is left out, and the others are
 * folded. A decider without a contract folds every event (`fold`), and a throw stays a throw: its
 * events (a revoke, a deactivation, a ledger's entry) are never skipped. Pure; the cost beyond `fold`
 * is one safeParse per event. Only when the fold throws are the events folded again one by one, to
 * find the ones that make it throw.
 */
export const foldSettingAside = <S, E>(
  decider: FoldingDecider<S, E>,
  events: readonly E[],
  from: S = decider.initialState(),
): Folded<S> => {
  const { contract } = decider;
  if (!contract) return { state: fold(decider, events, from), leftOut: [] };
  const misfits = new Set<number>();
  events.forEach((event, index) => {
    if (!contract.safeParse(event).success) misfits.add(index);
  });
  const fitting = misfits.size === 0 ? events : events.filter((_, index) => !misfits.has(index));
  try {
    const state = fold(decider, fitting, from);
    return {
      state,
      leftOut: [...misfits].map((index) => ({ index, type: typeOf(events[index]), reason: 'contract' })),
    };
  } catch {
    // `fold` is pure (`from` is as it was): fold again one event at a time, leaving out those that throw.
  }
  const leftOut: LeftOut[] = [];
  let state = from;
  events.forEach((event, index) => {
    if (misfits.has(index)) {
      leftOut.push({ index, type: typeOf(event), reason: 'contract' });
      return;
    }
    try {
      state = decider.evolve(state, event);
    } catch {
      leftOut.push({ index, type: typeOf(event), reason: 'evolve' });
    }
  });
  return { state, leftOut };
};

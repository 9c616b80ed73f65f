/** Emmett's shape: pure functions, no I/O. `decide` throws DomainError with the spec's message. */
export interface Decider<State, Command, Event> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

export const fold = <S, E>(
  decider: Pick<Decider<S, never, E>, 'evolve' | 'initialState'>,
  events: readonly E[],
): S => events.reduce(decider.evolve, decider.initialState());

export { assertNever } from '@app/contracts';

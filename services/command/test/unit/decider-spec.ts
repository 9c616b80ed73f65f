import { expect } from 'vitest';
import { DomainError } from '@app/platform/errors';
import type { Decider } from '../../src/shared/decider';

/**
 * Emmett's DeciderSpecification in a few lines:
 * `given(events).when(command).then(expectedEvents)` or `.thenThrows(message)`.
 * The state is folded from the given events with the decider's own `evolve`, so every test also
 * checks that `evolve` understands the events `decide` produces.
 */
export interface WhenStep<E> {
  then(expected: readonly E[]): void;
  /** The command is refused with a DomainError whose message is exactly `message`. */
  thenThrows(message: string): void;
}

export interface GivenStep<C, E> {
  when(command: C): WhenStep<E>;
}

export const DeciderSpecification = {
  for:
    <S, C, E>(decider: Decider<S, C, E>) =>
    (given: readonly E[]): GivenStep<C, E> => ({
      when: (command) => {
        const decide = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
        return {
          then: (expected) => {
            expect(decide()).toEqual(expected);
          },
          thenThrows: (message) => {
            let thrown: unknown;
            try {
              decide();
            } catch (e) {
              thrown = e;
            }
            expect(thrown, 'the command should have been refused').toBeInstanceOf(DomainError);
            expect((thrown as DomainError).message).toBe(message);
          },
        };
      },
    }),
};

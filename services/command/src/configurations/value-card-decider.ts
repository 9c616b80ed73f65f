import type { ValueCard } from '@app/contracts';
import type { Db, NewEvent } from '@app/platform';
import type { z } from 'zod';
import { plainSnapshot, type Decider } from '../shared/decider';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import type { EventMetadata } from '@app/contracts';

type Options = { metadata: EventMetadata; expectedVersion?: number };

/** A value card's decider, and how a save of its section is handled on its stream. */
export interface ValueCardDecider<V, C, E> extends Decider<V, C, E> {
  save: (db: Db, value: V, options: Options) => Promise<CommandOutcome>;
}

/**
 * The decider of a value card (contracts' `value-cards/`): its initial state, fold and event contract
 * are the card's; the card's decide rules and its command are the command service's. A snapshot,
 * under `snapshot` (bump it when the state's shape or fold changes), is taken back only while it fits
 * the card's schema (else the stream is refolded).
 */
export const valueCardDecider = <K extends string, S extends z.ZodType, E extends NewEvent, C>(
  card: ValueCard<K, S, E>,
  rules: {
    snapshot: string;
    /** The command a save of the section is. */
    command: (value: z.output<S>) => C;
    /** Pure; throws DomainError with a message of the contracts. */
    decide: (command: C, state: z.output<S>) => E[];
  },
): ValueCardDecider<z.output<S>, C, E> => {
  const decider: Decider<z.output<S>, C, E> = {
    initialState: card.initial,
    decide: rules.decide,
    evolve: (state, event) => card.evolve(state, event),
    // The projection's contract: a stored event that does not fit is left out of the fold.
    contract: card.eventContract,
    snapshot: plainSnapshot(rules.snapshot, (json) => card.schema.safeParse(json).success),
  };
  return {
    ...decider,
    save: (db, value, options) => handleCommand(db, decider, card.streamId, rules.command(value), options),
  };
};

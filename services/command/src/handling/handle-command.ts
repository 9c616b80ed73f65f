import type { EventMetadata } from '@app/contracts';
import { appendToStream, readStream, type Db, type ExpectedVersion, type NewEvent } from '@app/platform';
import type { Decider } from '../domain/decider';

export interface CommandOutcome {
  /** Global position of the last event appended, '0' when the command changed nothing. */
  position: string;
  version: number;
  eventCount: number;
  /** What the save did beyond what was asked, for the section's answer (e.g. a model removed). */
  notes?: string[];
}

/**
 * Load the stream, fold it, decide, append at the version that was loaded (or the one the caller
 * says it saw). Runs inside the caller's transaction.
 */
export const handleCommand = async <S, C, E extends NewEvent>(
  db: Db,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  options: { metadata: EventMetadata; expectedVersion?: number },
): Promise<CommandOutcome> => {
  const history = await readStream(db, streamId);
  const state = history.map((e) => e as unknown as E).reduce(decider.evolve, decider.initialState());
  const loaded = history.length === 0 ? 0 : (history[history.length - 1]?.streamVersion ?? 0);
  const expected: ExpectedVersion = options.expectedVersion ?? loaded;
  const events = decider.decide(command, state);
  const result = await appendToStream(db, streamId, events, {
    expectedVersion: expected,
    metadata: options.metadata,
  });
  return {
    position: events.length > 0 ? result.position : '0',
    version: result.nextExpectedVersion,
    eventCount: events.length,
  };
};

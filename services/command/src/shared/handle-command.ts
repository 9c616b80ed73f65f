import type { EventMetadata } from '@app/contracts';
import { appendToStream, type Db, type ExpectedVersion, type NewEvent } from '@app/platform';
import type { Decider } from './decider';
import { keepSnapshot, loadState } from './stream-state';

export interface CommandOutcome {
  /** Global position of the last event appended, '0' when the command changed nothing. */
  position: string;
  version: number;
  eventCount: number;
  /** What the save did beyond what was asked, for the section's answer (e.g. a model removed). */
  notes?: string[];
}

/**
 * Load the stream's state (its snapshot and the events after it, or every event), decide, append at
 * the version that was loaded (or the one the caller says it saw), and keep a snapshot when one is
 * due. Runs inside the caller's transaction: the snapshot commits with the append, or not at all.
 */
export const handleCommand = async <S, C, E extends NewEvent>(
  db: Db,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  options: { metadata: EventMetadata; expectedVersion?: number },
): Promise<CommandOutcome> => {
  const loaded = await loadState(db, decider, streamId);
  const expected: ExpectedVersion = options.expectedVersion ?? loaded.version;
  const events = decider.decide(command, loaded.state);
  const result = await appendToStream(db, streamId, events, {
    expectedVersion: expected,
    metadata: options.metadata,
  });
  await keepSnapshot(db, decider, streamId, loaded, { events, version: result.nextExpectedVersion });
  return {
    position: events.length > 0 ? result.position : '0',
    version: result.nextExpectedVersion,
    eventCount: events.length,
  };
};

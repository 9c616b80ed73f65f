import type { EventMetadata, RecordedEvent } from '@app/contracts';

export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** A position in the log's commit order: (transaction id, global position). */
export interface Checkpoint {
  transactionId: string;
  globalPosition: string;
}

export const logStart: Checkpoint = { transactionId: '0', globalPosition: '0' };

export interface AppendResult {
  nextExpectedVersion: number;
  /** The global position of the last appended event (or of the stream's head when nothing was appended). */
  position: string;
}

export const eventsChannel = 'events_appended';

export type { EventMetadata, RecordedEvent };

/**
 * Read-your-writes for a command's answer: resolves once event `position` is in the read models
 * (true), or when that cannot be known in time (false). Never rejects.
 */
export type AwaitProjected = (position: string) => Promise<boolean>;

import { z } from 'zod';
import { boundedString } from './bounded';
import { limits } from './limits';
import { Actor } from './actor';

export const EventMetadata = z.object({
  actor: Actor,
  commandId: boundedString('The command id', limits.idLength),
  correlationId: boundedString('The correlation id', limits.idLength),
  causationId: boundedString('The causation id', limits.idLength),
  requestId: boundedString('The request id', limits.idLength),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event as stored in the log and read back. */
export interface RecordedEvent<T extends string = string, D = unknown> {
  globalPosition: string;
  transactionId: string;
  streamId: string;
  streamVersion: number;
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: string;
}

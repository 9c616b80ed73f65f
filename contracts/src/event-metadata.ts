import { z } from 'zod';
import { Actor } from './actor';

export const EventMetadata = z.object({
  actor: Actor,
  commandId: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
  requestId: z.string(),
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

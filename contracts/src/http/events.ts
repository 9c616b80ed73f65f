import { z } from 'zod';
import { boundedString } from '../bounded';
import { limits } from '../limits';
import { EventMetadata } from '../event-metadata';
import { successList } from '../success';

const maxPosition = 9223372036854775807n;
/** A log position: a whole number PostgreSQL's bigint holds. */
const position = boundedString('A position', limits.positionLength)
  .regex(/^\d+$/, 'must be a whole number')
  // The regex check does not stop zod: only a whole number is compared.
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= maxPosition, `must be at most ${maxPosition}`);

/** GET /api/events filters (operators). */
export const EventsQuery = z.object({
  stream: boundedString('The stream', limits.streamIdLength).optional(),
  type: boundedString('The event type', limits.eventTypeLength).optional(),
  actor: boundedString('The actor', limits.emailLength).optional(),
  after: position.optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

/** `?waitFor=<position>` on read routes: hold the answer until the projections passed it. */
export const WaitForQuery = z.object({ waitFor: position.optional() });

/** One event of GET /api/events, as the log holds it (`RecordedEvent`). */
export const RecordedEventView = z.object({
  globalPosition: z.string(),
  transactionId: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  data: z.unknown(),
  metadata: EventMetadata,
  recordedAt: z.string(),
});

/** GET /api/events */
export const EventsResponse = successList(RecordedEventView);
export type EventsResponse = z.infer<typeof EventsResponse>;

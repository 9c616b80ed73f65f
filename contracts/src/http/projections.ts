import { z } from 'zod';
import { successList } from '../success';

/**
 * An event a projection failed on. Held (in `failing`): a transient failure, retried with backoff, then
 * parked until an operator acts. Set aside (in `setAside`): it fails the same way every time, so the
 * projection went on past it; it stays out of the read model until an operator retries or skips it.
 */
export const ParkedEventView = z.object({
  position: z.string(),
  streamId: z.string(),
  eventType: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  /** True once the retries are spent (always, when set aside): nothing happens until `retry` or `skip`. */
  parked: z.boolean(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  nextAttemptAt: z.string(),
});
export type ParkedEventView = z.infer<typeof ParkedEventView>;

export const ProjectionStatusView = z.object({
  name: z.string(),
  readModel: z.string().nullable(),
  /** The global position of the last event it folded ('0': none yet). */
  position: z.string(),
  /** Readable events after its position, counted up to `lagCountLimit`. */
  lag: z.number().int(),
  /** The event it is held before, if any. */
  failing: ParkedEventView.nullable(),
  /** The events it went on past, oldest first: at most `setAsideListed` of them. */
  setAside: z.array(ParkedEventView),
  /** How many events it went on past, in all. */
  setAsideCount: z.number().int(),
});
export type ProjectionStatusView = z.infer<typeof ProjectionStatusView>;

/** GET /api/projections (admins) */
export const ProjectionsResponse = successList(ProjectionStatusView);
export type ProjectionsResponse = z.infer<typeof ProjectionsResponse>;

/** A projection's events set aside are listed up to this many (the oldest); `setAsideCount` has them all. */
export const setAsideListed = 100;

/** Lag is counted up to this many events: beyond it, "at least". */
export const lagCountLimit = 100_000;

/** Recorded when an operator acts on a parked event (stream `projection-<name>`). */
export const parkedEventRetriedType = 'ParkedEventRetried';
export const parkedEventSkippedType = 'ParkedEventSkipped';
export interface ParkedEventActionData {
  projection: string;
  position: string;
  streamId: string;
  eventType: string;
  error: string;
  /** A retry of an event set aside: whether it folded now (else it stays set aside, with `error`). */
  applied?: boolean;
}

export const projectionMessages = {
  unknownProjection: (name: string) => `There is no projection named '${name}'.`,
  nothingToRetry: (name: string) => `Projection '${name}' has no failing event to retry.`,
  nothingToSkip: (name: string) => `Projection '${name}' has no failing event to skip.`,
  /** A save's answer when some of its events are not in the read models yet (set aside, or late). */
  savedNotShown: (sections: readonly string[]) => `Saved, but not yet shown: ${sections.join(', ')}.`,
  nothingAt: (name: string, position: string) =>
    `Projection '${name}' has no failing event at position ${position}.`,
  /** A retry refused: folding the event now would undo later events of its stream. */
  retryWouldReorder: (name: string, position: string, streamId: string) =>
    `Projection '${name}' already folded later events of ${streamId}: folding the event at position ${position} now would put older values back. Rebuild the projection instead: npm run events -- replay --projection ${name}`,
} as const;

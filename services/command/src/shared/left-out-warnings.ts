import type { Logger } from '@app/platform';
import type { LeftOut } from './fold-setting-aside';

/** How many events already warned of are remembered (the oldest are forgotten first). */
const remembered = 10_000;

let sink: Pick<Logger, 'warn'> | null = null;
const warned = new Set<string>();

/** Where the command side's folds warn of the events they left out (the command service's log). */
export const warnLeftOutTo = (logger: Pick<Logger, 'warn'>): void => {
  sink = logger;
};

/**
 * Warns once per process of each event a fold of `streamId` left out, by stream id, stream version
 * and type: never the event's data. `firstVersion` is the stream version of the first event folded.
 */
export const warnLeftOut = (streamId: string, firstVersion: number, leftOut: readonly LeftOut[]): void => {
  for (const event of leftOut) {
    const streamVersion = firstVersion + event.index;
    const key = `${streamId}\u0000${streamVersion}`;
    if (warned.has(key)) continue;
    warned.add(key);
    if (warned.size > remembered) {
      const oldest = warned.values().next().value;
      if (oldest !== undefined) warned.delete(oldest);
    }
    sink?.warn(
      { streamId, streamVersion, eventType: event.type, reason: event.reason },
      event.reason === 'contract'
        ? 'event left out of the fold: it does not fit its contract'
        : 'event left out of the fold: its evolve throws',
    );
  }
};

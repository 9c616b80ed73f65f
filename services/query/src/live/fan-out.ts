import type { ChangedMessage, ReadModelName } from '@app/contracts';
import { listen, type Db, type Listener, type Logger } from '@app/platform';
import { changesChannel } from '../runner/channels';
import { onLocalChanges } from '../runner/local-changes';
import { feedBounds, readChangesAfter } from './changes-feed';
import type { LiveHub } from './hub';
import { notifiedChangeIsNew } from './notified-seq';

export interface FanOut {
  /** Changes the runner of this process just committed: pushed at once when they follow what was pushed. */
  publishLocal(changes: readonly ChangedMessage[]): void;
  /**
   * What a client that saw everything up to `after` missed, or null when the feed no longer reaches
   * back. With `viewer`, a user read model's changes are only that user's.
   */
  missedSince(
    after: string,
    readModels: readonly ReadModelName[],
    viewer?: string,
  ): Promise<ChangedMessage[] | null>;
  close(): Promise<void>;
}

const readLimit = 500;
/** A client further behind than this refetches rather than replaying. */
const replayLimit = 1000;
const big = (s: string) => BigInt(s);

/**
 * Every query instance pushes the committed changes to its own sockets, in `seq` order, each once.
 * It reads the feed (`live_changes`) after the last change it pushed whenever the runner NOTIFYs,
 * after its LISTEN connection comes back, and every `pollMs` in any case: a notification lost to a
 * dropped connection or a restarted database delays a push, never loses it.
 */
export const startFanOut = async (
  db: Db,
  databaseUrl: string,
  hub: LiveHub,
  logger: Logger,
  pollMs = 1000,
): Promise<FanOut> => {
  let last = (await feedBounds(db)).newest;
  let reading: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const push = (m: ChangedMessage) => {
    hub.publish(m);
    last = m.seq;
  };
  const readNew = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        const changes = await readChangesAfter(db, last, readLimit);
        changes.forEach(push);
        if (changes.length === readLimit) again = true;
      } while (again && !closed);
    })()
      .catch((e: unknown) => logger.warn({ err: e }, 'cannot read the changes feed; retrying'))
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  let listener: Listener | undefined;
  try {
    listener = await listen(
      databaseUrl,
      [changesChannel],
      // A NOTIFY naming a change pushed already (this process's runner, pushed locally) needs no read.
      (_channel, payload) => {
        if (notifiedChangeIsNew(payload, last)) void readNew();
      },
      (e) => logger.warn({ err: e }, 'change notifications interrupted; polling meanwhile'),
      { name: 'live fan-out', onReconnected: () => void readNew() },
    );
  } catch (e) {
    logger.warn({ err: e }, 'cannot LISTEN for changes; polling only');
  }
  const poll = setInterval(() => void readNew(), pollMs);
  const publishLocal = (changes: readonly ChangedMessage[]) => {
    const first = changes[0];
    if (!reading && first && big(first.seq) === big(last) + 1n) changes.forEach(push);
    else void readNew();
  };
  const stopLocal = onLocalChanges(databaseUrl, publishLocal);

  return {
    publishLocal,
    missedSince: async (after, readModels, viewer) => {
      const upTo = last;
      if (big(after) >= big(upTo)) return big(after) === big(upTo) ? [] : null;
      const { oldest } = await feedBounds(db);
      if (oldest === null || big(oldest) > big(after) + 1n) return null;
      const missed = await readChangesAfter(db, after, replayLimit + 1, readModels, viewer);
      const upToNow = missed.filter((m) => big(m.seq) <= big(upTo));
      return upToNow.length > replayLimit ? null : upToNow;
    },
    close: async () => {
      closed = true;
      stopLocal();
      clearInterval(poll);
      await listener?.close();
      await reading;
    },
  };
};

import { defaultStreamReplayMs, retentionStreamId, streamReplayMsOf } from '@app/contracts';
import { briefError, type Db, type Logger } from '@app/platform';
import { retentionFold } from '../../shared/retention-fold';
import { loadState } from '../../shared/stream-state';

export interface StreamReplayRetention {
  /** How long an ended chat stream stays readable now (the section's hours, else ten minutes). */
  retentionMs(): number;
  /** Reads the section again now. */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * The Retention section's chat stream replay hours for the chat stream stores (docs/architecture.md,
 * "Retention"): read at start and every `everyMs` (a minute), the last value kept while a read fails.
 */
export const streamReplayRetention = (
  db: Db,
  opts: { everyMs?: number; logger?: Pick<Logger, 'warn'> | undefined } = {},
): StreamReplayRetention => {
  let ms = defaultStreamReplayMs;
  const refresh = async () => {
    try {
      ms = streamReplayMsOf((await loadState(db, retentionFold, retentionStreamId)).state);
    } catch (e) {
      opts.logger?.warn({ err: briefError(e) }, 'retention: reading the chat stream replay hours failed');
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), opts.everyMs ?? 60_000);
  timer.unref();
  return { retentionMs: () => ms, refresh, close: () => clearInterval(timer) };
};

import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { foldHistory, foldsIntoHistory } from './admin-history-batch';
import type { Projection } from './projection';
import { emptying } from './rows';

/**
 * The history of admin edits and sessions (docs/architecture.md, "Admin history"): for every event of
 * an admin section's stream, one row per field it changed with the value before (folded here, in
 * `rm_admin_history_state`) and after; for every sign-in, sign-out and ended session, one row. Read by
 * GET /api/admin/history, so a page never reads the log.
 *
 * It handles every event and picks by type and stream: any other event costs a set lookup and a
 * string prefix, no statement. One event is folded as a batch of one, so the runner and a rebuild's
 * batches (`applyBatch`) share one fold and write the same rows.
 */
export const adminHistoryProjection: Projection = {
  name: 'adminHistory',
  readModel: null,
  handles: 'all',
  apply: async (e: RecordedEvent, trx: Db) => {
    if (foldsIntoHistory(e)) await foldHistory([e], trx);
    return [];
  },
  applyBatch: foldHistory,
  reset: emptying('rm_admin_history', 'rm_admin_history_state'),
};

import { checkpointOfPosition, isAtOrPast, type Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { projectionCheckpoint } from '../runner/run-batch';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Read-your-writes: holds until every given projection has passed event `position`, or until the
 * bound runs out (then the caller answers with what there is). Answers whether it caught up.
 */
export const waitForPosition = async (
  db: Db,
  projections: readonly Projection[],
  position: string,
  timeoutMs = 5000,
): Promise<boolean> => {
  if (position === '0') return true;
  const target = await checkpointOfPosition(db, position);
  if (!target) return true;
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const cps = await Promise.all(projections.map((p) => projectionCheckpoint(db, p)));
    if (cps.every((cp) => isAtOrPast(cp, target))) return true;
    if (Date.now() >= deadline) return false;
    await sleep(delay);
  }
};

import { CompiledQuery } from 'kysely';
import { chatStreamId } from '@app/contracts';
import type { Db } from '@app/platform';
import type { SpendGuard, SpendPlan } from '../spend/index';

/** What is read ahead of a chat request's acceptance, beside its model. */
export interface AcceptanceAhead {
  /** The request id names a request already (a 409 before anything runs). */
  taken: boolean;
  /** The ledgers the request counts on (undefined: read again in the acceptance, which refuses it). */
  plan: SpendPlan | undefined;
  /**
   * Whether the model may be asked before the acceptance is decided, because nothing can refuse it:
   * no limit counts the caller's spend, the id is new, and the request is not made with an API key
   * (whose own limit is only read with the key). The acceptance still records the request and its
   * reservation before any token reaches the client; an id taken meanwhile by a concurrent request
   * is still a 409, its provider call aborted.
   */
  atOnce: boolean;
}

/** Whether the stream has an event (the statement as is: no query builder on every request). */
const takenStatement = 'select exists (select 1 from events where stream_id = $1) as taken';

const isTaken = async (db: Db, streamId: string): Promise<boolean> => {
  const { rows } = await db.executeQuery<{ taken: boolean }>(CompiledQuery.raw(takenStatement, [streamId]));
  return rows[0]?.taken === true;
};

/** Reads, beside the model's resolution, what the acceptance of a chat request needs. */
export const readAhead = async (
  db: Db,
  spend: SpendGuard,
  input: { requestId: string; actor: string; accountId: string; viaKey: boolean },
): Promise<AcceptanceAhead> => {
  const [plan, taken] = await Promise.all([
    input.viaKey ? Promise.resolve(null) : spend.plan(db, { actor: input.actor, accountId: input.accountId }),
    isTaken(db, chatStreamId(input.requestId)),
  ]);
  return { taken, plan: plan ?? undefined, atOnce: !taken && plan !== null && !plan.limited };
};

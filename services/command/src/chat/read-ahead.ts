import { chatStreamId } from '@app/contracts';
import type { Db } from '@app/platform';
import type { SpendGuard, SpendPlan } from '../spend/index';
import { streamHead } from '../shared/stream-tails';

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

/** Reads, beside the model's resolution, what the acceptance of a chat request needs. */
export const readAhead = async (
  db: Db,
  spend: SpendGuard,
  input: { requestId: string; actor: string; accountId: string; viaKey: boolean },
): Promise<AcceptanceAhead> => {
  const [plan, taken] = await Promise.all([
    input.viaKey ? Promise.resolve(null) : spend.plan(db, { actor: input.actor, accountId: input.accountId }),
    // Whether the request id names a request already: read with the configuration's tails, one statement.
    streamHead(db, chatStreamId(input.requestId)).then((head) => head > 0),
  ]);
  return { taken, plan: plan ?? undefined, atOnce: !taken && plan !== null && !plan.limited };
};

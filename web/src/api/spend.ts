import { spendRoute, SpendResponse, type SpendLimitStatus } from '@app/contracts';
import { answeredNotFound, relayJson } from './relay';

/** GET /api/chat/spend: the caller's limits with their spend; null when the route is not there. */
export async function fetchSpend(): Promise<SpendLimitStatus[] | null> {
  try {
    return (await relayJson('getSpend', spendRoute, SpendResponse)).body.data;
  } catch (e) {
    if (answeredNotFound(e)) return null;
    throw e;
  }
}

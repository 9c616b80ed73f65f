import { SpendResponse, spendRoute } from '@app/contracts';
import { readSpendLimits } from '../read/spend';
import { readRoute } from './read-route';

/** GET /api/chat/spend: the caller's limits, each with what was spent in its current window. */
export const spendRouteFor = readRoute({
  url: spendRoute,
  who: 'user',
  description:
    "The caller's spend limits (theirs, their Amplify groups', their accounts'), each with what was " +
    'spent in its current window and when that window resets.',
  answer: SpendResponse,
  handle: async ({ principal }, { db }) => {
    const answer: SpendResponse = { success: true, data: await readSpendLimits(db, principal, new Date()) };
    return answer;
  },
});

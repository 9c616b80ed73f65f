import { isFlagOnFor, ResolvedFeatureFlagsResponse, routes } from '@app/contracts';
import { readFeatureFlags } from '../read/admin-config';
import { readRoute } from './read-route';

/** GET /amplifymin/feature_flags: every flag resolved for the caller. */
export const featureFlagsRoute = readRoute({
  url: routes.featureFlags,
  who: 'user',
  description: 'Every feature flag, resolved for the caller.',
  answer: ResolvedFeatureFlagsResponse,
  handle: async ({ principal }, { db, groupsOf }) => {
    const [flags, groups] = await Promise.all([readFeatureFlags(db), groupsOf(principal)]);
    const data = Object.fromEntries(
      Object.entries(flags).map(([name, f]) => [name, isFlagOnFor(f, principal, groups)]),
    );
    const answer: ResolvedFeatureFlagsResponse = { success: true, data };
    return answer;
  },
});

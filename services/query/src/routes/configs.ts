import { ConfigsAtQuery, ConfigsResponse, revertMessages, routes } from '@app/contracts';
import { DomainError } from '@app/platform';
import { readSectionMeta } from '../read/admin-config';
import { readAllSections } from '../read/section-readers';
import { projectionCheckpoint } from '../runner/run-batch';
import { readRoute } from './read-route';

/** GET /amplifymin/configs: every section built so far, with the version each was loaded at. */
export const configsRoute = readRoute({
  url: routes.configs,
  who: 'admin',
  description:
    'Every section of the configuration, with the version each was loaded at. With `at` (an ISO time or a log position): every section as it was then, folded from the log, read only.',
  answer: ConfigsResponse,
  query: ConfigsAtQuery,
  handle: async (request, { db, projections, configsAt }) => {
    if (request.query.at !== undefined) {
      if (!configsAt) throw new DomainError(revertMessages.notHere);
      return configsAt(request.query.at);
    }
    const [data, meta, cps] = await Promise.all([
      readAllSections(db),
      readSectionMeta(db),
      Promise.all(projections.map((p) => projectionCheckpoint(db, p))),
    ]);
    const position = cps.reduce(
      (min, cp) => (BigInt(cp.globalPosition) < BigInt(min) ? cp.globalPosition : min),
      cps[0]?.globalPosition ?? '0',
    );
    const answer: ConfigsResponse = { success: true, data, meta, position };
    return answer;
  },
});

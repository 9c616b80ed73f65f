import { ProjectionsResponse, routes } from '@app/contracts';
import { projectionStatus } from '../runner/projection-status';
import { readRoute } from './read-route';

/** GET /api/projections (admins): each projection's position, lag, and the event it fails on. */
export const projectionsRoute = readRoute({
  url: routes.projections,
  who: 'admin',
  description:
    "Each projection's position in the log, how many events it is behind, and the event it is failing on (retried with backoff, then parked).",
  query: null,
  answer: ProjectionsResponse,
  handle: async (_request, { db, projections }) => ({
    success: true as const,
    data: await projectionStatus(db, projections),
  }),
});

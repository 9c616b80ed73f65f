import type { FastifyPluginAsync } from 'fastify';
import type { Db, Listener, Logger } from '@app/platform';
import { allProjections, type Projection } from './projections/index';
import { configsRoute } from './routes/configs';
import { featureFlagsRoute, noGroups, type GroupMembership } from './routes/feature-flags';
import { eventsRoute } from './routes/events';
import { liveRoute } from './live/live-route';
import { createLiveHub } from './live/hub';
import { startFanOut } from './live/fan-out';

export { allProjections, type Projection };
export { startProjectionRunner, type ProjectionRunner } from './runner/projection-runner';
export { rebuild, runBatch, projectionCheckpoint } from './runner/run-batch';
export { waitForPosition } from './read/wait-for';

export interface QueryServiceOptions {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  projections?: readonly Projection[];
  groupsOf?: GroupMembership;
}

/**
 * The query service: read routes and the /live websocket. Needs the identity plugin registered
 * first. The projection runner is started apart (any instance may run it; one leads).
 */
export const queryService =
  (opts: QueryServiceOptions): FastifyPluginAsync =>
  async (app) => {
    const projections = opts.projections ?? allProjections;
    const hub = createLiveHub();
    let fanOut: Listener | undefined = await startFanOut(opts.databaseUrl, hub, opts.logger);
    app.addHook('onClose', async () => {
      await fanOut?.close();
      fanOut = undefined;
    });
    await app.register(configsRoute(opts.db, projections));
    await app.register(featureFlagsRoute(opts.db, projections, opts.groupsOf ?? noGroups));
    await app.register(eventsRoute(opts.db));
    await app.register(liveRoute(hub));
  };
export { projectionLockKey, changesChannel } from './runner/channels';
export { readAdmins, readFeatureFlags, readSectionMeta } from './read/admin-config';

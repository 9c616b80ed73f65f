import type { FastifyPluginAsync } from 'fastify';
import { addMetricsCollector, liveSockets, type Db, type Logger } from '@app/platform';
import { allProjections, type Projection } from './projections/index';
import { servedReads } from './routes/index';
import type { ConfigsAt } from './routes/read-route';
import { groupMembershipFrom, type GroupMembership } from './read/group-membership';
import { observeProjections } from './runner/projection-observability';
import { liveRoute } from './live/live-route';
import { createLiveHub } from './live/hub';
import { startFanOut, type FanOut } from './live/fan-out';

export { allProjections, type Projection };
export { startProjectionRunner, type ProjectionRunner } from './runner/projection-runner';
export { startProjectionThread } from './runner/projection-thread';
export { runBatch, projectionCheckpoint } from './runner/run-batch';
export { rebuild } from './runner/rebuild';
export { waitForPosition } from './runner/wait-for';
export { projectionStatus } from './runner/projection-status';
export { actOnParkedEvent, decideParkAction, type ParkAction } from './runner/park-actions';
export { defaultRetryPolicy, type RetryPolicy } from '@app/platform';

export interface QueryServiceOptions {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  projections?: readonly Projection[];
  groupsOf?: GroupMembership;
  /** How often /live checks that its sockets' sessions and admins still hold (default 2 s). */
  liveSweepEveryMs?: number;
  /** GET /amplifymin/configs?at=: the configuration at a moment, folded from the log (none: refused). */
  configsAt?: ConfigsAt;
}

/**
 * The query service: read routes and the /live websocket. Needs the identity plugin registered
 * first. The projection runner is started apart (any instance may run it; one leads).
 */
export const queryService =
  (opts: QueryServiceOptions): FastifyPluginAsync =>
  async (app) => {
    const projections = opts.projections ?? allProjections;
    // A user's Amplify groups (explicit members plus inclusions, transitively), from the groups read model.
    const groupsOf = opts.groupsOf ?? groupMembershipFrom(opts.db);
    const hub = createLiveHub();
    // live_sockets: the sockets this hub holds, read at each scrape of /metrics.
    const stopSocketMetrics = addMetricsCollector(() => liveSockets.set(hub.size()));
    app.addHook('onClose', async () => stopSocketMetrics());
    let fanOut: FanOut | undefined = await startFanOut(opts.db, opts.databaseUrl, hub, opts.logger);
    app.addHook('onClose', async () => {
      await fanOut?.close();
      fanOut = undefined;
    });
    await app.register(servedReads({ db: opts.db, projections, groupsOf, configsAt: opts.configsAt }));
    observeProjections(app, opts.db, projections);
    await app.register(
      liveRoute(hub, {
        db: opts.db,
        missedSince: (after, readModels, viewer) =>
          fanOut?.missedSince(after, readModels, viewer) ?? Promise.resolve(null),
        logger: opts.logger,
        ...(opts.liveSweepEveryMs ? { sweepEveryMs: opts.liveSweepEveryMs } : {}),
      }),
    );
  };
export { projectionLockKey, changesChannel } from './runner/channels';
export { readAdmins, readFeatureFlags, readSectionMeta } from './read/admin-config';
export { readAmplifyGroups, readGroupsOf } from './read/amplify-groups';
export { groupMembershipFrom } from './read/group-membership';
export { readSupportedModels, readDefaultModels, readAvailableModels } from './read/models';
export { searchConversations, searchQuery } from './read/conversation-search';

import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@app/contracts';
import type { Db } from '@app/platform';
import { configsUpdateRoute } from './routes/configs-update';

export { seedAdmins } from './handling/seed-admins';
export { handleCommand, type CommandOutcome } from './handling/handle-command';
export { adminsDecider } from './domain/admins';
export { featureFlagsDecider } from './domain/feature-flags';

/** The command service: every route that accepts a command. Needs the identity plugin registered first. */
export const commandService =
  (opts: { db: Db }): FastifyPluginAsync =>
  async (app) => {
    await app.register(configsUpdateRoute(opts.db, routes.configsUpdate));
  };

import type { FastifyPluginAsync } from 'fastify';
import { assistantGroupRoutesPlugin, type AssistantGroupRouteOptions } from './group-routes';

export {
  assistantGroupDecider,
  type AssistantGroup,
  type AssistantGroupCommand,
  type AssistantGroupState,
} from './group-decider';
export {
  assistantGroupIds,
  assistantGroupPorts,
  groupAssistantAccess,
  loadAssistantGroup,
} from './group-access';
export { replaceGroupKey } from './group-key';
export type { AssistantGroupRouteOptions };

/** The Assistant Admin Groups' commands (the Feature Data tab and the `/groups` routes). */
export const assistantGroupsPlugin =
  (opts: AssistantGroupRouteOptions): FastifyPluginAsync =>
  async (app) => {
    await app.register(assistantGroupRoutesPlugin(opts));
  };

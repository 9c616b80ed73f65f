import type { FastifyPluginAsync } from 'fastify';
import { assistantRoutesPlugin } from './assistant-routes';
import type { AssistantRoutesOptions } from './assistant-service';
import { assistantPathRoutesPlugin } from './path-routes';

export { assistantDecider, type AssistantState, type AssistantCommand } from './assistant-decider';
export { assistantPathDecider } from './path-decider';
export {
  AssistantRefusal,
  createAssistant,
  deleteAssistant,
  publishAssistantPath,
  type AssistantCommandOptions,
  type CreatedAssistant,
} from './assistant-commands';
export {
  assistantCallerOf,
  builtInDefinitions,
  definitionOf,
  loadAssistant,
  pathHolder,
  type AssistantGroupPorts,
} from './assistant-reads';
export { createPathTermCheck, filterFindsInappropriate, type PathTermCheck } from './path-terms';
export type { AssistantRoutesOptions } from './assistant-service';

/** Every assistant route (create, list, delete, rescan_websites, add_path, lookup, check_path). */
export const assistantsPlugin =
  (opts: AssistantRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    await app.register(assistantRoutesPlugin(opts));
    await app.register(assistantPathRoutesPlugin(opts));
  };

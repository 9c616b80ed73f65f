import type { AwaitProjected, Db, OutboundClient, SecretBox } from '@app/platform';
import type { WebsiteServices } from '../websites/index';
import type { AssistantGroupPorts } from './assistant-reads';
import { assistantsPlugin } from './index';
import { createPathTermCheck, type PathTermCheck } from './path-terms';

/** What a deployment (or a test) may set for the assistants beyond the service's own ports. */
export interface AssistantsWiring {
  /** Replaces the inappropriate-term check (tests). */
  pathTerms?: PathTermCheck;
  /** Assistant groups (the Assistant Admin Groups). */
  groups?: AssistantGroupPorts;
}

/**
 * The assistant routes on the command service's ports: the term check asks the admin's cheapest
 * model through the chat's client (the admins' guarded client) when there is one.
 */
export const assistantsPluginFor = (o: {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
  modelClient?: OutboundClient;
  websites?: WebsiteServices;
  wiring?: AssistantsWiring;
  onError: (e: unknown) => void;
}) =>
  assistantsPlugin({
    db: o.db,
    secrets: o.secrets,
    awaitProjected: o.awaitProjected,
    pathTerms:
      o.wiring?.pathTerms ??
      createPathTermCheck({
        db: o.db,
        secrets: o.secrets,
        ...(o.modelClient ? { outbound: o.modelClient } : {}),
        onError: o.onError,
      }),
    ...(o.wiring?.groups ? { groups: o.wiring.groups } : {}),
    ...(o.websites ? { websites: o.websites } : {}),
  });

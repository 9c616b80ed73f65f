import type { DataSource } from '../documents/embeddings';
import type { AssistantDataObject, AssistantPublication, AssistantTool } from './assistant';
import { eventTypesOf } from '../event-types';

/**
 * The events of an assistant's stream (`assistant-<uuid>` of its `astp/<uuid>`) and of a path's
 * stream (`assistantPath-<path>`: the path is held by one assistant at a time; a claim is appended
 * at the version read, so two concurrent claims of one path cannot both succeed).
 */
export interface AssistantVersionData {
  /** `ast/<uuid>` of this version. */
  id: string;
  /** `astp/<uuid>`. */
  assistantId: string;
  version: number;
  provider: string;
  name: string;
  description: string;
  instructions: string;
  disclaimer: string;
  dataSources: DataSource[];
  tags: string[];
  fileKeys: string[];
  tools: AssistantTool[];
  owner: string;
  createdBy: string;
  groupId: string | null;
  data: AssistantDataObject;
  /** When this version was made (ISO 8601); the first version's is the assistant's createdAt. */
  at: string;
}

export type AssistantEvent =
  | { type: 'AssistantCreated'; data: AssistantVersionData }
  | { type: 'AssistantVersionCreated'; data: AssistantVersionData }
  | { type: 'AssistantDeleted'; data: { assistantId: string; by: string; astPath: string | null } }
  /** Published at a path (or moved, `previousPath` freed in the same transaction). */
  | {
      type: 'AssistantPathPublished';
      data: AssistantPublication & { assistantId: string; previousPath: string | null; by: string };
    }
  /** Its website data sources were asked to be fetched again. */
  | { type: 'AssistantWebsitesRescanned'; data: { assistantId: string; keys: string[]; force: boolean } };

export type AssistantPathEvent =
  | { type: 'AssistantPathClaimed'; data: { astPath: string; assistantId: string } }
  | { type: 'AssistantPathReleased'; data: { astPath: string; assistantId: string } };

export const assistantEventTypes = eventTypesOf<AssistantEvent>({
  AssistantCreated: true,
  AssistantVersionCreated: true,
  AssistantDeleted: true,
  AssistantPathPublished: true,
  AssistantWebsitesRescanned: true,
});

export const assistantPathEventTypes = eventTypesOf<AssistantPathEvent>({
  AssistantPathClaimed: true,
  AssistantPathReleased: true,
});

export const assistantStreamId = (assistantUuidValue: string) => `assistant-${assistantUuidValue}`;
export const assistantPathStreamId = (astPath: string) => `assistantPath-${astPath.toLowerCase()}`;

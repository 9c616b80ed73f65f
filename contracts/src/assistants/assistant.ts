import { z } from 'zod';
import { McpServerIdList } from '../mcp/mcp-chat';
import { boundedList, boundedString } from '../bounded';
import { DataSource } from '../documents/embeddings';
import { FileKey } from '../documents/files';
import { limits } from '../limits';
import { successBody, successList } from '../success';

/**
 * Assistants: the create payload and the built-in assistant template.
 * Ids: `ast/<uuid>` names one version, `astp/<uuid>` the assistant across its versions; the
 * built-ins use `astg/` and `astgp/` (contracts/src/assistants/built-in/).
 */
export const assistantLimits = {
  nameLength: 200,
  descriptionLength: 4_000,
  instructionsLength: 100_000,
  disclaimerLength: 4_000,
  dataSources: 100,
  fileKeys: 100,
  tags: 50,
  tagLength: 200,
  tools: 50,
  toolNameLength: 200,
  toolDescriptionLength: 2_000,
  /** Assistants one user may own (not deleted). */
  perUser: 500,
} as const;

export const assistantProviders = ['amplify', 'openai'] as const;
export const AssistantProvider = z.enum(assistantProviders);
export type AssistantProvider = z.infer<typeof AssistantProvider>;

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** One version of an assistant: `ast/<uuid>` (built-ins `astg/<...>`). */
export const AssistantVersionId = z
  .string()
  .max(200)
  .regex(new RegExp(`^(ast/${uuid}|astg/[A-Za-z0-9_.-]{1,100})$`), 'The assistant version id is not valid');
/** An assistant across its versions: `astp/<uuid>` (built-ins `astgp/<...>`). */
export const AssistantId = z
  .string()
  .max(200)
  .regex(new RegExp(`^(astp/${uuid}|astgp/[A-Za-z0-9_.-]{1,100})$`), 'The assistant id is not valid');
export type AssistantId = z.infer<typeof AssistantId>;

export const isBuiltInAssistantId = (id: string): boolean =>
  id.startsWith('astgp/') || id.startsWith('astg/');
export const newAssistantId = (uuidValue: string) => `astp/${uuidValue}`;
export const newAssistantVersionId = (uuidValue: string) => `ast/${uuidValue}`;
/** The uuid part of `astp/<uuid>` (stream ids: `assistant-<uuid>`). */
export const assistantUuid = (assistantId: string) => assistantId.slice(assistantId.indexOf('/') + 1);

/** A tool schema entry (a name and a description, default 'No description provided'): an op's name. */
export const AssistantTool = z.object({
  name: boundedString('A tool name', assistantLimits.toolNameLength).min(1, 'A tool needs a name'),
  description: boundedString('A tool description', assistantLimits.toolDescriptionLength).default(
    'No description provided',
  ),
});
export type AssistantTool = z.infer<typeof AssistantTool>;

const flag = z.boolean().optional();
/** The data object of the built-in template's shape; every part optional. */
export const AssistantDataObject = z.looseObject({
  provider: z.string().max(100).optional(),
  tags: z.array(z.string().max(assistantLimits.tagLength)).max(assistantLimits.tags).optional(),
  conversationTags: z.array(z.string().max(assistantLimits.tagLength)).max(assistantLimits.tags).optional(),
  access: z.object({ read: z.boolean(), write: z.boolean() }).optional(),
  opsLanguageVersion: z.string().max(100).optional(),
  dataSourceOptions: z
    .object({
      includeDownloadLinks: flag,
      ragAttachedDocuments: flag,
      insertAttachedDocuments: flag,
      ragConversationDocuments: flag,
      insertConversationDocuments: flag,
      insertAttachedDocumentsMetadata: flag,
      insertConversationDocumentsMetadata: flag,
      disableDataSources: flag,
    })
    .optional(),
  messageOptions: z
    .object({ includeMessageIds: flag, includeUserLineNumbers: flag, includeAssistantLineNumbers: flag })
    .optional(),
  featureOptions: z.object({ IncludeArtifactsInstr: flag }).optional(),
  apiCapabilities: z.array(z.string().max(200)).max(100).optional(),
  /** MCP servers whose tools the assistant offers (beside its ops), to users they are open to. */
  mcpServers: McpServerIdList.optional(),
  groupId: z.string().max(200).nullable().optional(),
  groupTypeData: z.record(z.string().max(200), z.unknown()).optional(),
});
export type AssistantDataObject = z.infer<typeof AssistantDataObject>;

/** The create payload; with `assistantId` of an existing assistant it makes a new version. */
export const CreateAssistantRequest = z.object({
  assistantId: AssistantId.optional(),
  provider: AssistantProvider.default('amplify'),
  name: boundedString('The assistant name', assistantLimits.nameLength)
    .trim()
    .min(1, 'The assistant name is required.'),
  description: boundedString('The assistant description', assistantLimits.descriptionLength).default(''),
  instructions: boundedString('The assistant instructions', assistantLimits.instructionsLength).default(''),
  disclaimer: boundedString('The disclaimer', assistantLimits.disclaimerLength).default(''),
  dataSources: boundedList(DataSource, 'Data sources', assistantLimits.dataSources).default([]),
  tags: boundedList(boundedString('A tag', assistantLimits.tagLength), 'Tags', assistantLimits.tags).default(
    [],
  ),
  fileKeys: boundedList(FileKey, 'File keys', assistantLimits.fileKeys).default([]),
  tools: boundedList(AssistantTool, 'Tools', assistantLimits.tools).default([]),
  /** A group assistant (Assistant Admin Groups): only the group's admins change it. */
  groupId: boundedString('The group id', limits.nameLength).nullable().optional(),
  data: AssistantDataObject.optional(),
});
export type CreateAssistantRequest = z.infer<typeof CreateAssistantRequest>;
export type CreateAssistantInput = z.input<typeof CreateAssistantRequest>;

/** Where an assistant is published (null: nowhere). */
export const AssistantPublication = z.object({
  astPath: z.string(),
  isPublic: z.boolean(),
  accessTo: z.object({ amplifyGroups: z.array(z.string()), users: z.array(z.string()) }),
});
export type AssistantPublication = z.infer<typeof AssistantPublication>;

/** One assistant as read back (its latest version). */
export const AssistantDefinition = z.object({
  id: z.string(),
  assistantId: z.string(),
  version: z.number().int(),
  provider: z.string(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  disclaimer: z.string(),
  dataSources: z.array(DataSource),
  tags: z.array(z.string()),
  fileKeys: z.array(z.string()),
  tools: z.array(AssistantTool),
  /** Who owns it (its creator; the first version's). */
  owner: z.string(),
  /** Who made this version. */
  createdBy: z.string(),
  groupId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  data: AssistantDataObject,
  /** Its published path, when any. */
  astPath: z.string().nullable(),
  publication: AssistantPublication.nullable(),
  builtIn: z.boolean(),
});
export type AssistantDefinition = z.infer<typeof AssistantDefinition>;

export const CreateAssistantResponse = successBody({
  message: z.string(),
  data: z.object({
    id: z.string(),
    assistantId: z.string(),
    data_sources: z.array(DataSource),
    ast_data: AssistantDataObject,
  }),
});
export type CreateAssistantResponse = z.infer<typeof CreateAssistantResponse>;

export const ListAssistantsResponse = successList(AssistantDefinition);
export type ListAssistantsResponse = z.infer<typeof ListAssistantsResponse>;

export const AssistantIdRequest = z.object({ assistantId: AssistantId });
export type AssistantIdRequest = z.infer<typeof AssistantIdRequest>;

export const AssistantMessageResponse = z.object({ success: z.boolean(), message: z.string() });
export type AssistantMessageResponse = z.infer<typeof AssistantMessageResponse>;

export const RescanWebsitesRequest = z.object({
  assistantId: AssistantId,
  forceRescan: z.boolean().default(false),
});
export type RescanWebsitesRequest = z.infer<typeof RescanWebsitesRequest>;

export const RescanWebsitesResponse = successBody({
  message: z.string(),
  data: z.object({ rescanned: z.array(z.string()) }),
});
export type RescanWebsitesResponse = z.infer<typeof RescanWebsitesResponse>;

/** The default assistant of a chat: no assistant is used. */
export const standardConversation = {
  id: 'chat',
  name: 'Standard Conversation',
  description: 'No assistant will be used.',
} as const;

export const assistantChatDefaults = { temperature: 0.7, maxTokens: 2000 } as const;

/**
 * The chat parameters of an assistant chat: temperature 0.7, max tokens half the
 * model's output limit, 2000 when the model gives none.
 */
export const assistantChatParams = (outputTokenLimit?: number | null) => ({
  temperature: assistantChatDefaults.temperature,
  max_tokens:
    outputTokenLimit !== undefined && outputTokenLimit !== null && outputTokenLimit >= 2
      ? Math.floor(outputTokenLimit / 2)
      : assistantChatDefaults.maxTokens,
});

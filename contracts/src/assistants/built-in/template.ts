/**
 * The shape of a built-in assistant template. The three built-ins are defined in this folder; the
 * assistants' routes list them for
 * every user and the chat relay applies their instructions like any assistant's.
 */

export const systemTag = 'amplify:system';

export const builtInTags = {
  assistantBuilder: 'amplify:assistant-builder',
  apiDocHelper: 'amplify:api-doc-helper',
  apiKeyManager: 'amplify:api-key-manager',
} as const;
export type BuiltInTag = (typeof builtInTags)[keyof typeof builtInTags];

/** The product's own provider. */
export const builtInProvider = 'amplify';

export interface BuiltInDataSourceOptions {
  readonly includeDownloadLinks: boolean;
  readonly ragAttachedDocuments: boolean;
  readonly insertAttachedDocuments: boolean;
  readonly ragConversationDocuments: boolean;
  readonly insertConversationDocuments: boolean;
  readonly insertAttachedDocumentsMetadata: boolean;
  readonly insertConversationDocumentsMetadata: boolean;
  readonly disableDataSources: boolean;
}

export interface BuiltInMessageOptions {
  readonly includeMessageIds: boolean;
  readonly includeUserLineNumbers: boolean;
  readonly includeAssistantLineNumbers: boolean;
}

export interface BuiltInAssistantData {
  readonly provider: typeof builtInProvider;
  readonly tags: readonly string[];
  readonly conversationTags: readonly string[];
  readonly access: { readonly read: boolean; readonly write: boolean };
  readonly opsLanguageVersion: 'custom';
  readonly dataSourceOptions: BuiltInDataSourceOptions;
  readonly messageOptions: BuiltInMessageOptions;
  readonly featureOptions: { readonly IncludeArtifactsInstr: boolean };
  readonly apiCapabilities: readonly string[];
  readonly groupId: string | null;
  readonly groupTypeData: Readonly<Record<string, unknown>>;
}

/** A template as written: `id` (astg/) and `assistantId` (astgp/) are optional there. */
export interface BuiltInAssistantTemplate {
  readonly id?: string;
  readonly assistantId?: string;
  readonly name: string;
  readonly description: string;
  readonly instructions: string;
  readonly tools: readonly [];
  readonly tags: readonly string[];
  readonly dataSources: readonly [];
  readonly version: 1;
  readonly fileKeys: readonly [];
  readonly provider: typeof builtInProvider;
  readonly groupId: string | null;
  readonly disclaimer: string;
  readonly data: BuiltInAssistantData;
}

/** A built-in as it is listed and chosen in chat: every one carries both ids. */
export interface BuiltInAssistant extends BuiltInAssistantTemplate {
  readonly id: string;
  readonly assistantId: string;
  /** Which block its replies carry: the tag that is not amplify:system. */
  readonly builtInTag: BuiltInTag;
}

/** The defaults every built-in shares; a template overrides what differs. */
export const builtInData = (
  tag: BuiltInTag,
  overrides: Partial<Pick<BuiltInAssistantData, 'featureOptions' | 'apiCapabilities'>> = {},
): BuiltInAssistantData => ({
  provider: builtInProvider,
  tags: [tag, systemTag],
  conversationTags: [tag],
  access: { read: true, write: false },
  opsLanguageVersion: 'custom',
  dataSourceOptions: {
    includeDownloadLinks: false,
    ragAttachedDocuments: true,
    insertAttachedDocuments: false,
    ragConversationDocuments: true,
    insertConversationDocuments: false,
    insertAttachedDocumentsMetadata: false,
    insertConversationDocumentsMetadata: false,
    disableDataSources: false,
  },
  messageOptions: {
    includeMessageIds: false,
    includeUserLineNumbers: false,
    includeAssistantLineNumbers: false,
  },
  featureOptions: overrides.featureOptions ?? { IncludeArtifactsInstr: false },
  apiCapabilities: overrides.apiCapabilities ?? [],
  groupId: null,
  groupTypeData: {},
});

/** What a built-in says of itself; everything else is the same for every built-in. */
export type BuiltInTemplateOwn = Pick<
  BuiltInAssistantTemplate,
  'id' | 'assistantId' | 'name' | 'description' | 'instructions' | 'disclaimer'
>;

/** A built-in's template: its own words, tagged `tag` (and amplify:system), on the shared defaults. */
export const builtInTemplate = (
  tag: BuiltInTag,
  { disclaimer, ...named }: BuiltInTemplateOwn,
  dataOverrides: Parameters<typeof builtInData>[1] = {},
): BuiltInAssistantTemplate => ({
  ...named,
  tools: [],
  tags: [tag, systemTag],
  dataSources: [],
  version: 1,
  fileKeys: [],
  provider: builtInProvider,
  groupId: null,
  disclaimer,
  data: builtInData(tag, dataOverrides),
});

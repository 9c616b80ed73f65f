/** The Admin Interface's tabs (their labels, order and content: `admin/shell/tabs.ts`). */
export type TabId =
  | 'configurations'
  | 'supportedModels'
  | 'applicationVariables'
  | 'openAiEndpoints'
  | 'featureFlags'
  | 'featureData'
  | 'ops'
  | 'embeddings'
  | 'integrations'
  | 'usage';

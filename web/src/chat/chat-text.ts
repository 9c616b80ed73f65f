/**
 * The chat screen's own words (labels and hints the contracts do not hold; the shared
 * messages come from `@app/contracts`, word for word).
 */
export const chatText = {
  newConversation: 'New chat',
  untitled: 'New conversation',
  keptElsewhere: 'Kept in another browser',
  noConversations: 'No conversations yet.',
  emptyConversation: 'Ask anything to start a conversation.',
  noModelOption: 'No model',
  loadingModels: 'Loading models…',
  noModels: 'No model is available to you yet. Ask an administrator to make one available.',
  noModelsAdmin: 'No model is available to chat with yet. Add one in the Admin Interface.',
  openAdminForModels: 'Add a model in the Admin Interface',
  accountHint: 'Your requests are charged to this account.',
  defaultAccountHint: 'No COA On File: your requests are not charged to a project account.',
  storageHint: 'Where new conversations are kept: Local, in this browser; Cloud, on the server.',
  messagePlaceholder: 'Send a message…',
  stopped: 'Stopped.',
  deleteTitle: 'Delete conversation',
  deleteMessage: (name: string) => `Delete the conversation "${name}"? This cannot be undone.`,
  usage: (input: number, output: number, cost: string) =>
    `${input.toLocaleString('en-US')} input tokens · ${output.toLocaleString('en-US')} output tokens · ${cost}`,
  tokenLimit: (limit: number) => limit.toLocaleString('en-US'),
  spend: (spent: string, limit: string | null) =>
    limit === null ? `Spent ${spent}` : `Spent ${spent} of ${limit}`,
} as const;

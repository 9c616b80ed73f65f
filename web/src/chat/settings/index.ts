export { ConversationSettingsButton } from './ConversationSettingsButton';
export { useConversationMemory } from './use-conversation-memory';
export { settingsForRequestAtom } from './settings-state';
export { withConversationSettings } from './request-settings';
export { deleteLocalSettings } from './settings-store';

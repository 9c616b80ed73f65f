export { userSettingsRoutesPlugin } from './user-settings-routes';
export { userSettingsDecider, changedSettings, type UserSettingsCommand } from './user-settings-decider';
export { conversationStorageFor } from './conversation-storage-for';

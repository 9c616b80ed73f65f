/** Conversation files: export (JSON, Markdown), import (ours, ChatGPT's), moving between storages. */
export { ConversationFileActions } from './ConversationFileActions';
export { FileMenuItems } from './FileMenuItems';
export { ExportMenuItem, MoveMenuItem } from './ExportMenuItems';

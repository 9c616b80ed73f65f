/** Conversation files: export (JSON, Markdown), import (ours, ChatGPT's), moving between storages. */
export { FileMenuItems } from './FileMenuItems';
export { ExportMenuItem, MoveMenuItem } from './ExportMenuItems';

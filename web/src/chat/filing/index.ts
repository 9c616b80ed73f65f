/** Folders, pins and tags of conversations: the sidebar's list, the conversation menu, the filing state. */
export { FiledConversationList } from './FiledConversationList';
export { ConversationMenu } from './ConversationMenu';
export { TagChips } from './TagChips';
export { startConversationDrag } from './drag';
export { refreshFilingAtom, resetFilingAtom } from './filing-state';
export { conversationMenuItems, MenuItem } from './conversation-menu-items';
export type { ConversationMenuEntry, ConversationMenuItemProps, RowActions } from './menu-item';

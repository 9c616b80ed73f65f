import { MoveToFolderItem, PinItem, TagsItem } from './FilingMenuItems';
import { MenuItem, type ConversationMenuEntry, type ConversationMenuItemProps } from './menu-item';
import { filingText } from './filing-text';
import { ShareMenuItem } from '../share';
import { ExportMenuItem, MoveMenuItem } from '../export';

function RenameItem({ conversation, actions }: ConversationMenuItemProps) {
  if (conversation.elsewhere) return null;
  return <MenuItem onSelect={actions.startRename}>{filingText.rename}</MenuItem>;
}

function DeleteItem({ actions }: ConversationMenuItemProps) {
  return <MenuItem onSelect={actions.confirmDelete}>{filingText.delete}</MenuItem>;
}

/**
 * The conversation menu's entries, in order. A feature adds its own with one line (e.g.
 * `{ key: 'share', Item: ShareMenuItem }`, its component rendering a `MenuItem` and its dialog).
 */
export const conversationMenuItems: readonly ConversationMenuEntry[] = [
  { key: 'rename', Item: RenameItem },
  { key: 'pin', Item: PinItem },
  { key: 'move', Item: MoveToFolderItem },
  { key: 'tags', Item: TagsItem },
  { key: 'share', Item: ShareMenuItem },
  { key: 'export', Item: ExportMenuItem },
  { key: 'storage', Item: MoveMenuItem },
  { key: 'delete', Item: DeleteItem },
];

export {
  MenuItem,
  type ConversationMenuEntry,
  type ConversationMenuItemProps,
  type RowActions,
} from './menu-item';

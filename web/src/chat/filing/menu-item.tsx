import type { ComponentType, ReactNode } from 'react';
import type { ConversationListItem } from '../model/types';

/** What the row itself does for its menu's entries (its rename field, its delete confirmation). */
export interface RowActions {
  startRename: () => void;
  confirmDelete: () => void;
}

export interface ConversationMenuItemProps {
  conversation: ConversationListItem;
  /** The name the row shows. */
  name: string;
  actions: RowActions;
}

/** One entry of the conversation menu: a component rendering a `MenuItem` (or none), and its own dialog if any. */
export interface ConversationMenuEntry {
  key: string;
  Item: ComponentType<ConversationMenuItemProps>;
}

/** An entry of a menu: a button with role menuitem (choosing it closes the menu). */
export function MenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={onSelect}>
      {children}
    </button>
  );
}

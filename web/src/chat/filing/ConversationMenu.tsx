import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { menuItemsOf, nextItemIndex } from '../account-menu/menu-keys';
import type { ConversationListItem } from '../model/types';
import { conversationMenuItems } from './conversation-menu-items';
import type { RowActions } from './menu-item';
import { filingText } from './filing-text';

export interface ConversationMenuProps {
  conversation: ConversationListItem;
  name: string;
  actions: RowActions;
}

/**
 * The conversation's menu ('Conversation actions <name>'): its entries are `conversationMenuItems`.
 * Arrows, Home and End move between them, Escape closes it and gives the focus back to its button,
 * Tab or a press elsewhere closes it. Mounted at its first opening and kept (hidden) after, so a
 * dialog an entry opened outlives it.
 */
export function ConversationMenu({ conversation, name, actions }: ConversationMenuProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = (giveFocusBack: boolean) => {
    setOpen(false);
    if (giveFocusBack) trigger.current?.focus();
  };

  /** Which entry takes the focus when it opens: the first (Enter, ArrowDown) or the last (ArrowUp). */
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const show = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setMounted(true);
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const items = menuItemsOf(menu.current);
    (focusOnOpen.current === 'last' ? items[items.length - 1] : items[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (menu.current?.contains(target) || trigger.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const items = menuItemsOf(menu.current);
    const next = nextItemIndex(
      event.key,
      items.findIndex((item) => item === document.activeElement),
      items.length,
    );
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  /** Choosing an entry closes the menu (its dialog, if any, opens over it). */
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const item = event.target instanceof Element ? event.target.closest('[role="menuitem"]') : null;
    if (item) close(true);
  };

  return (
    <div className="conversation-menu">
      <button
        ref={trigger}
        type="button"
        className="btn btn-ghost btn-small conversation-menu-button"
        aria-label={filingText.menu(name)}
        title={filingText.menu(name)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={mounted ? menuId : undefined}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          show(event.key === 'ArrowUp' ? 'last' : 'first');
        }}
      >
        ⋯
      </button>
      {mounted && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={filingText.menuLabel(name)}
          className="conversation-menu-panel"
          hidden={!open}
          onKeyDown={onKeyDown}
          onClick={onClick}
        >
          {conversationMenuItems.map(({ key, Item }) => (
            <Item key={key} conversation={conversation} name={name} actions={actions} />
          ))}
        </div>
      )}
    </div>
  );
}

import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ApiKeysButton } from '../../api-keys';
import { AssistantsButton } from '../../assistants';
import { IntegrationsButton } from '../../integrations';
import { openAdminOnTabAtom } from '../../state/admin-status';
import { sessionAtom } from '../../state/session';
import { AccountPicker } from '../components/AccountPicker';
import { SpendDisplay } from '../components/SpendDisplay';
import { StorageChoice } from '../components/StorageChoice';
import { ThemeToggle } from '../components/ThemeToggle';
import { ChevronIcon } from '../header/icons';
import { FileMenuItems } from '../export';
import { DeleteAllButton } from '../delete-all/DeleteAllButton';
import { UsageButton } from '../usage';
import { menuItemsOf, nextItemIndex } from './menu-keys';

export interface AccountMenuProps {
  onSignOut: () => void;
}

/**
 * The account menu, at the sidebar's foot: who is signed in and their spend, the account and storage
 * choices, then the theme, API Keys, Integrations, Assistants, the Admin Interface (admins), Sign out.
 * Arrows, Home and End move between the entries, Tab goes through everything, Escape closes it and
 * gives the focus back to its button. Its content stays mounted while closed, so a dialog opened from
 * it outlives it.
 */
export function AccountMenu({ onSignOut }: AccountMenuProps) {
  const session = useAtomValue(sessionAtom);
  const openAdmin = useSetAtom(openAdminOnTabAtom);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const email = session?.email ?? '';

  const close = (giveFocusBack: boolean) => {
    setOpen(false);
    if (giveFocusBack) trigger.current?.focus();
  };

  useEffect(() => {
    if (open) menuItemsOf(menu.current)[0]?.focus();
  }, [open]);

  // A press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
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
    // A select keeps its arrows.
    if (event.target instanceof HTMLSelectElement) return;
    const items = menuItemsOf(menu.current);
    const current = items.findIndex((item) => item === document.activeElement);
    const next = nextItemIndex(event.key, current, items.length);
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  /** An entry that opens something closes the menu; the theme keeps it open to show the change. */
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const item = event.target instanceof Element ? event.target.closest('[role="menuitem"]') : null;
    if (item && !item.hasAttribute('data-keep-open')) close(true);
  };

  /** The focus leaving it (Tab past its end, a click elsewhere) closes it. */
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (to instanceof Node && (panel.current?.contains(to) || trigger.current?.contains(to))) return;
    if (to !== null) setOpen(false);
  };

  return (
    <div className="account-menu">
      <div
        ref={panel}
        id={panelId}
        className="account-menu-panel"
        hidden={!open}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onBlur={onBlur}
      >
        <div className="account-menu-head">
          <SpendDisplay />
        </div>
        <div className="account-menu-choices">
          <AccountPicker />
          <StorageChoice />
        </div>
        <div ref={menu} role="menu" aria-label="Account" className="account-menu-items">
          <ThemeToggle />
          <ApiKeysButton className="menu-item" role="menuitem" />
          <IntegrationsButton className="menu-item" role="menuitem" />
          <AssistantsButton className="menu-item" role="menuitem" />
          <UsageButton />
          <FileMenuItems />
          <DeleteAllButton />
          <div role="separator" className="menu-separator" />
          {session?.isAdmin && (
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => openAdmin('configurations')}
            >
              Admin Interface
            </button>
          )}
          <button type="button" role="menuitem" className="menu-item" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </div>
      <button
        ref={trigger}
        type="button"
        className="account-menu-button"
        aria-label={`Account menu ${email}`.trim()}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {/* The initial is drawn by CSS: text inside the button would have to be in its name. */}
        <span className="account-avatar" aria-hidden="true" data-initial={email.slice(0, 1).toUpperCase()} />
        <span className="account-menu-name">{email}</span>
        <ChevronIcon />
      </button>
    </div>
  );
}

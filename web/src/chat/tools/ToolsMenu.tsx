import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { mcpChatMessages } from '@app/contracts';
import { ToolsIcon } from './ToolsIcon';
import { ToolServerList } from './ToolServerList';
import { loadUserToolsAtom, serversOnShownAtom, userToolsAtom } from './tools-state';
import './tools.css';

/**
 * The composer's Tools menu: the MCP servers the user may turn on, each with its tools, and a switch
 * per server turning its tools on for this conversation (for a new chat: for new chats, until changed).
 * A count shows how many are on. Hidden while the user has no server. Escape or a press elsewhere
 * closes it; Escape gives the focus back to its button.
 */
export function ToolsMenu() {
  const tools = useAtomValue(userToolsAtom);
  const on = useAtomValue(serversOnShownAtom);
  const load = useSetAtom(loadUserToolsAtom);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (tools.kind === 'loading' || (tools.kind === 'ready' && tools.servers.length === 0)) return null;

  const toggle = () => {
    if (!open) void load();
    setOpen(!open);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div className="chat-tools">
      <button
        ref={trigger}
        type="button"
        className="btn btn-ghost chat-touch chat-tools-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={toggle}
      >
        <ToolsIcon />
        <span className="chat-tools-label">{mcpChatMessages.toolsMenu}</span>
        {on.length > 0 && (
          <span className="chat-tools-count">
            <span aria-hidden="true">{on.length}</span>
            <span className="chat-tools-sr">{`, ${on.length} on`}</span>
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label={mcpChatMessages.toolsMenu}
          className="chat-tools-panel"
          onKeyDown={onKeyDown}
        >
          {tools.kind === 'failed' ? (
            <div className="chat-tools-failed">
              <p role="alert">{mcpChatMessages.toolsLoadFailed}</p>
              <button type="button" className="btn btn-ghost chat-touch" onClick={() => void load()}>
                Try again
              </button>
            </div>
          ) : tools.servers.length === 0 ? (
            <p className="muted">{mcpChatMessages.toolsMenuEmpty}</p>
          ) : (
            <ToolServerList servers={tools.servers} on={on} />
          )}
        </div>
      )}
    </div>
  );
}

import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { dirtySectionsAtom } from '../../state/sections';
import { tabLabel, type TabDef, type TabId } from './tabs';

export interface AdminTabsProps {
  tabs: readonly TabDef[];
  active: TabId;
  onSelect: (id: TabId) => void;
  idOf: (id: TabId) => { tab: string; panel: string };
}

/** The tab strip: arrows, Home and End move between tabs; a tab with unsaved edits shows *. */
export function AdminTabs({ tabs, active, onSelect, idOf }: AdminTabsProps) {
  const dirtySections = useAtomValue(dirtySectionsAtom);
  const list = useRef<HTMLDivElement>(null);

  // The bar scrolls sideways when the tabs do not fit (a phone): the chosen tab is brought into view.
  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(tab.id).tab)}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Admin Interface sections"
      className="admin-tabs"
      onKeyDown={move}
    >
      {tabs.map((tab) => {
        const selected = tab.id === active;
        const dirty = tab.sections.some((s) => dirtySections.includes(s));
        return (
          <button
            key={tab.id}
            id={idOf(tab.id).tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={idOf(tab.id).panel}
            tabIndex={selected ? 0 : -1}
            className={`admin-tab${selected ? ' is-active' : ''}${dirty ? ' is-dirty' : ''}`}
            onClick={() => onSelect(tab.id)}
          >
            {tabLabel(tab, dirty)}
          </button>
        );
      })}
    </div>
  );
}

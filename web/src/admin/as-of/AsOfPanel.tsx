import { useRef, type ReactNode } from 'react';
import { Provider, useAtomValue, useStore } from 'jotai';
import { revertMessages } from '@app/contracts';
import type { TabDef } from '../shell/tabs';
import { AsOfBanner } from './AsOfBanner';
import { AsOfContext } from './as-of-context';
import { asOfViewAtom } from './as-of-state';
import { useReadOnly } from './read-only';

/**
 * A tab's content, as it is now, or while the dialog shows the configuration at a moment: the
 * banner, then the same cards reading the sections as they were then (the view's store), read only.
 * A tab that holds no configuration section has nothing to show then.
 */
export function AsOfPanel({ tab, children }: { tab: TabDef; children: ReactNode }) {
  const view = useAtomValue(asOfViewAtom);
  const main = useStore();
  const region = useRef<HTMLDivElement>(null);
  useReadOnly(region, view ? `${view.at}|${tab.id}` : null);
  if (!view) return <>{children}</>;
  return (
    <>
      <AsOfBanner view={view} />
      <div ref={region} className="as-of-region" data-as-of={view.at} key={`${view.at}|${tab.id}`}>
        {tab.sections.length === 0 ? (
          <p className="empty">{revertMessages.notInConfiguration(tab.label)}</p>
        ) : (
          <Provider store={view.store}>
            <AsOfContext.Provider value={{ view, main }}>{children}</AsOfContext.Provider>
          </Provider>
        )}
      </div>
    </>
  );
}

import { createContext, useContext } from 'react';
import type { createStore } from 'jotai';
import type { AsOfView } from './as-of-state';

export interface AsOfContextValue {
  view: AsOfView;
  /** The dialog's own store (the tabs read the view's): where a revert acts. */
  main: ReturnType<typeof createStore>;
}

export const AsOfContext = createContext<AsOfContextValue | null>(null);

/** The view shown, inside the tabs while the dialog shows the configuration at a moment; else null. */
export const useAsOf = (): AsOfContextValue | null => useContext(AsOfContext);

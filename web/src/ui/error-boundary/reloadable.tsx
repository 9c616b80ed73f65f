import { lazy, type ComponentType } from 'react';

/** A component, lazily loaded, that can be loaded afresh after its load failed. */
export interface Reloadable {
  /** Renders the component, loading it on first use. */
  Component: ComponentType;
  /** Forgets a failed load: the next render imports again. */
  reload: () => void;
}

/**
 * `lazy(load)`, retryable: React keeps a lazy component's failed import for good, so a retry (the
 * error boundary's Try again) needs a new one.
 */
export const reloadable = (load: () => Promise<{ default: ComponentType }>): Reloadable => {
  let Current = lazy(load);
  return {
    Component: () => <Current />,
    reload: () => {
      Current = lazy(load);
    },
  };
};

/** A component loaded with the page, where a `Reloadable` is expected: nothing to load again. */
export const loaded = (component: ComponentType): Reloadable => ({
  Component: component,
  reload: () => undefined,
});

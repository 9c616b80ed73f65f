import { Component, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children once they threw (or failed to load); `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Runs before a retry (e.g. a lazily loaded component's `reload`). */
  onRetry?: () => void;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Keeps an error in one part of the page inside it: the rest goes on working. React reports the
 * error itself (the console in development); the fallback tells the user and offers a retry.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

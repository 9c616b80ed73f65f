import { isHttpsAddress } from '@app/contracts';

/** The OAuth window: 600x600. */
export const authWindowFeatures = 'popup,width=600,height=600';
/** How often the dialog looks whether the window was closed. */
export const authWindowPollMs = 500;

/** What the dialog needs of the window: where to send it, whether it is still open, closing it. */
export interface AuthWindow {
  readonly closed: boolean;
  location: { href: string };
  close(): void;
}

/**
 * Sends the window to the provider's address, which must be https
 * (`isHttpsAddress`); anything else closes the window and answers false.
 */
export const sendToProvider = (win: AuthWindow, address: string): boolean => {
  if (!isHttpsAddress(address)) {
    win.close();
    return false;
  }
  win.location.href = address;
  return true;
};

/** Calls `onClosed` once the window is closed, looking every `everyMs`; answers the stop. */
export const whenClosed = (
  win: Pick<AuthWindow, 'closed'>,
  onClosed: () => void,
  everyMs: number = authWindowPollMs,
): (() => void) => {
  const timer = setInterval(() => {
    if (!win.closed) return;
    clearInterval(timer);
    onClosed();
  }, everyMs);
  return () => clearInterval(timer);
};

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authWindowPollMs, sendToProvider, whenClosed, type AuthWindow } from './auth-window';
import { cardAction, cardStateOf } from './card-state';

const fakeWindow = () => {
  const win = { closed: false, location: { href: 'about:blank' }, close: vi.fn(() => (win.closed = true)) };
  return win satisfies AuthWindow;
};

describe('the OAuth window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes only to an https address; anything else closes it', () => {
    const ok = fakeWindow();
    expect(sendToProvider(ok, 'https://accounts.google.com/o/oauth2/v2/auth?x=1')).toBe(true);
    expect(ok.location.href).toBe('https://accounts.google.com/o/oauth2/v2/auth?x=1');
    for (const bad of ['http://example.com/auth', 'javascript:alert(1)', 'not a url']) {
      const win = fakeWindow();
      expect(sendToProvider(win, bad)).toBe(false);
      expect(win.close).toHaveBeenCalled();
      expect(win.location.href).toBe('about:blank');
    }
  });

  it('is looked at every 500 ms until it is closed, then the dialog refreshes once', () => {
    const win = fakeWindow();
    const onClosed = vi.fn();
    whenClosed(win, onClosed);
    vi.advanceTimersByTime(authWindowPollMs * 3);
    expect(onClosed).not.toHaveBeenCalled();
    win.closed = true;
    vi.advanceTimersByTime(authWindowPollMs);
    expect(onClosed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(authWindowPollMs * 3);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});

describe('an integration card', () => {
  it('is connected, disconnected, or what is under way', () => {
    expect(cardStateOf('a', ['a'], {})).toBe('connected');
    expect(cardStateOf('b', ['a'], {})).toBe('disconnected');
    expect(cardStateOf('a', ['a'], { a: 'disconnecting' })).toBe('disconnecting');
    expect(cardAction('connected')).toEqual({ label: 'Disconnect', busy: false });
    expect(cardAction('connecting')).toEqual({ label: 'Connect', busy: true });
  });
});

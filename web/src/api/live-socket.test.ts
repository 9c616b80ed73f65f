import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, liveEndOfCloseCode, type LiveEnd, type LiveOptions } from './live-socket';

/** A WebSocket stand-in the test opens and closes by hand. */
class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    // The client's own close: the page no longer listens.
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  drop(code: number) {
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}

const latest = (): FakeSocket => {
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

const options = (overrides: Partial<LiveOptions> = {}) => {
  const ended: LiveEnd[] = [];
  const opts: LiveOptions = {
    readModels: ['admins'],
    onChanged: () => undefined,
    onStatus: () => undefined,
    onResync: () => undefined,
    onEnded: (reason) => ended.push(reason),
    ...overrides,
  };
  return { opts, ended };
};

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'app.test' } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('liveEndOfCloseCode', () => {
  it('tells the sweeper’s codes apart from any other close', () => {
    expect(liveEndOfCloseCode(4401)).toBe('sessionEnded');
    expect(liveEndOfCloseCode(4403)).toBe('notAdmin');
    expect(liveEndOfCloseCode(1006)).toBeNull();
    expect(liveEndOfCloseCode(1000)).toBeNull();
  });
});

describe('connectLive', () => {
  it.each([
    [4401, 'sessionEnded'],
    [4403, 'notAdmin'],
  ] as const)('stops for good on close code %i and says why', async (code, reason) => {
    const { opts, ended } = options();
    connectLive(opts);
    latest().open();
    latest().drop(code);
    await vi.runAllTimersAsync();
    expect(ended).toEqual([reason]);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('reconnects after any other drop', async () => {
    const { opts, ended } = options();
    const connection = connectLive(opts);
    latest().open();
    latest().drop(1006);
    await vi.runAllTimersAsync();
    expect(FakeSocket.made).toHaveLength(2);
    expect(ended).toEqual([]);
    connection.close();
  });

  it('after a refused attempt, asks whether access ended and stops when it did', async () => {
    const checkAccess = vi.fn(() => Promise.resolve<LiveEnd | null>('sessionEnded'));
    const { opts, ended } = options({ checkAccess });
    connectLive(opts);
    latest().drop(1006);
    await vi.runAllTimersAsync();
    expect(checkAccess).toHaveBeenCalledOnce();
    expect(ended).toEqual(['sessionEnded']);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('after a refused attempt with access intact (or unknown), tries again', async () => {
    const checkAccess = vi.fn(() => Promise.reject(new Error('offline')));
    const { opts, ended } = options({ checkAccess });
    const connection = connectLive(opts);
    latest().drop(1006);
    await vi.runAllTimersAsync();
    expect(FakeSocket.made.length).toBeGreaterThan(1);
    expect(ended).toEqual([]);
    connection.close();
  });

  it('a drop of an open socket does not ask (only refused upgrades do)', async () => {
    const checkAccess = vi.fn(() => Promise.resolve<LiveEnd | null>(null));
    const { opts } = options({ checkAccess });
    const connection = connectLive(opts);
    latest().open();
    latest().drop(1006);
    connection.close();
    await vi.runAllTimersAsync();
    expect(checkAccess).not.toHaveBeenCalled();
  });
});

import {
  LiveServerMessage,
  routes,
  type ChangedMessage,
  type LiveClientMessage,
  type ReadModelName,
} from '@app/contracts';
import { backoffDelay } from './backoff';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** Why the server ended the socket for good: reconnecting would not help. */
export type LiveEnd = 'sessionEnded' | 'notAdmin';

/** The close codes of the query service's socket sweeper (`liveCloseCodes`). */
export const liveEndOfCloseCode = (code: number): LiveEnd | null =>
  code === 4401 ? 'sessionEnded' : code === 4403 ? 'notAdmin' : null;

export interface LiveOptions {
  readModels: readonly ReadModelName[];
  onChanged: (message: ChangedMessage) => void;
  onStatus: (status: LiveStatus) => void;
  /**
   * After a reconnect the server replays what was missed; when it cannot (away too long, another
   * server's feed), this says so: refetch what is shown.
   */
  onResync: () => void;
  /** The server ended the socket (4401: the session ended; 4403: no longer an admin): no reconnect. */
  onEnded: (reason: LiveEnd) => void;
  /**
   * After an attempt that never opened (an upgrade refused with 401/403 looks like any network
   * failure): whether the session still allows the socket. A reason stops reconnecting.
   */
  checkAccess?: () => Promise<LiveEnd | null>;
}

export interface LiveConnection {
  close(): void;
}

const liveUrl = (): string => {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${routes.live}`;
};

/**
 * The `/live` websocket: subscribes, reports changes, reconnects with backoff when it drops (resuming
 * after the last change it saw, so none is lost), and stops for good when the server says the session or the admin right has ended.
 */
export function connectLive(options: LiveOptions): LiveConnection {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let wasLive = false;
  let closed = false;
  /** The `seq` of the last change received: a reconnect resumes after it. */
  let lastSeq: string | null = null;

  const open = () => {
    options.onStatus(wasLive ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(liveUrl());
    socket = ws;
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
      const subscribe: LiveClientMessage = {
        type: 'subscribe',
        readModels: [...options.readModels],
        ...(lastSeq !== null ? { after: lastSeq } : {}),
      };
      ws.send(JSON.stringify(subscribe));
    });
    ws.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = LiveServerMessage.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'subscribed') {
        attempt = 0;
        options.onStatus('live');
        if (wasLive && message.resumed !== true) options.onResync();
        wasLive = true;
      } else if (message.type === 'changed') {
        if (lastSeq === null || BigInt(message.seq) > BigInt(lastSeq)) lastSeq = message.seq;
        options.onChanged(message);
      }
    });
    ws.addEventListener('close', (event: CloseEvent) => {
      if (closed || socket !== ws) return;
      const ended = liveEndOfCloseCode(event.code);
      if (ended !== null) {
        end(ended);
      } else {
        options.onStatus('reconnecting');
        if (!opened && options.checkAccess) void checkThenRetry(options.checkAccess);
        else retry();
      }
    });
  };

  const retry = () => {
    timer = setTimeout(open, backoffDelay(attempt));
    attempt += 1;
  };

  const checkThenRetry = async (checkAccess: () => Promise<LiveEnd | null>) => {
    let ended: LiveEnd | null = null;
    try {
      ended = await checkAccess();
    } catch {
      // Unknown (offline, say): keep trying as for any drop.
    }
    if (closed) return;
    if (ended !== null) end(ended);
    else retry();
  };

  const end = (reason: LiveEnd) => {
    closed = true;
    socket = null;
    options.onEnded(reason);
  };

  open();
  return {
    close: () => {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      socket?.close();
      socket = null;
    },
  };
}

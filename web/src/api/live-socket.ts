import {
  LiveServerMessage,
  routes,
  type ChangedMessage,
  type LiveClientMessage,
  type ReadModelName,
} from '@app/contracts';
import { backoffDelay } from './backoff';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveOptions {
  readModels: readonly ReadModelName[];
  onChanged: (message: ChangedMessage) => void;
  onStatus: (status: LiveStatus) => void;
  /** After a reconnect: changes may have been missed while the socket was down. */
  onResync: () => void;
}

export interface LiveConnection {
  close(): void;
}

const liveUrl = (): string => {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${routes.live}`;
};

/** The `/live` websocket: subscribes, reports changes, reconnects with backoff when it drops. */
export function connectLive(options: LiveOptions): LiveConnection {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let wasLive = false;
  let closed = false;

  const open = () => {
    options.onStatus(wasLive ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(liveUrl());
    socket = ws;
    ws.addEventListener('open', () => {
      const subscribe: LiveClientMessage = { type: 'subscribe', readModels: [...options.readModels] };
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
        if (wasLive) options.onResync();
        wasLive = true;
      } else if (message.type === 'changed') {
        options.onChanged(message);
      }
    });
    ws.addEventListener('close', () => {
      if (closed || socket !== ws) return;
      options.onStatus('reconnecting');
      timer = setTimeout(open, backoffDelay(attempt));
      attempt += 1;
    });
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

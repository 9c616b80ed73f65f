import type { ChangedMessage, LiveServerMessage, ReadModelName } from '@app/contracts';

/** The sockets one query instance serves, who opened each, and what each subscribed to. */
export interface LiveClient {
  email: string;
  sessionId: string;
  send(message: LiveServerMessage): void;
  /** Closes the socket (its session ended, or its user may no longer see what it shows). */
  close(code: number, reason: string): void;
  readModels: Set<ReadModelName>;
}

export interface LiveHub {
  add(client: LiveClient): () => void;
  publish(message: ChangedMessage): void;
  size(): number;
  /** How many sockets `email` has open on this instance. */
  countFor(email: string): number;
  clients(): readonly LiveClient[];
}

export const createLiveHub = (): LiveHub => {
  const clients = new Set<LiveClient>();
  return {
    add: (client) => {
      clients.add(client);
      return () => clients.delete(client);
    },
    publish: (message) => {
      for (const c of clients) if (c.readModels.has(message.readModel)) c.send(message);
    },
    size: () => clients.size,
    countFor: (email) => [...clients].filter((c) => c.email === email).length,
    clients: () => [...clients],
  };
};

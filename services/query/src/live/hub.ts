import type { ChangedMessage, LiveServerMessage, ReadModelName } from '@app/contracts';

/** The sockets one query instance serves, and what each subscribed to. */
export interface LiveClient {
  send(message: LiveServerMessage): void;
  readModels: Set<ReadModelName>;
}

export interface LiveHub {
  add(client: LiveClient): () => void;
  publish(message: ChangedMessage): void;
  size(): number;
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
  };
};

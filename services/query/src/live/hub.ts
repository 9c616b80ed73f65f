import {
  isUserReadModel,
  type ChangedMessage,
  type LiveServerMessage,
  type ReadModelName,
} from '@app/contracts';

/** The sockets one query instance serves, who opened each, and what each subscribed to. */
export interface LiveClient {
  email: string;
  sessionId: string;
  /**
   * Whether its user was an admin when last checked (at the upgrade, a subscribe, each sweep): the
   * sweeper ends its admin subscriptions when that stops being so. Only admins subscribe to admin
   * read models (the route checks), so the hub itself does not look at it.
   */
  admin?: boolean;
  send(message: LiveServerMessage): void;
  /** Closes the socket (its session ended, or its user may no longer see what it shows). */
  close(code: number, reason: string): void;
  readModels: Set<ReadModelName>;
}

/**
 * Whether a change goes to a client: it subscribed to the read model and, for a user read model,
 * the change is its user's (the change's actor). Who may subscribe to an admin read model is the
 * route's check, and the sweeper's once a user stops being an admin.
 */
export const sees = (client: Pick<LiveClient, 'email' | 'readModels'>, m: ChangedMessage): boolean =>
  client.readModels.has(m.readModel) && (!isUserReadModel(m.readModel) || m.actor === client.email);

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
      for (const c of clients) if (sees(c, message)) c.send(message);
    },
    size: () => clients.size,
    countFor: (email) => [...clients].filter((c) => c.email === email).length,
    clients: () => [...clients],
  };
};

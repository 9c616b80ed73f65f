import type { ChangedMessage } from '@app/contracts';
import type { DatabaseOptions } from '@app/platform';

/** What the projection thread starts from (`workerData`): it opens a pool and a logger of its own. */
export interface ProjectionThreadData {
  databaseUrl: string;
  databaseOptions: Pick<DatabaseOptions, 'statementTimeoutMs' | 'idleInTransactionTimeoutMs'>;
  logLevel: string;
  /** The master key (base64): the conversations projection opens cloud conversations' sealed text. */
  masterKey?: string;
  batchSize?: number;
  pollMs?: number;
}

/** From the thread that serves requests to the projection thread. */
export type ToProjectionThread = { kind: 'idle'; id: number } | { kind: 'stop' };

/** From the projection thread, in the order they happened. */
export type FromProjectionThread =
  | { kind: 'ready' }
  | { kind: 'batch'; changes: readonly ChangedMessage[]; positions: readonly string[] }
  | { kind: 'leadership'; leader: boolean }
  | { kind: 'idle'; id: number }
  | { kind: 'stopped' };

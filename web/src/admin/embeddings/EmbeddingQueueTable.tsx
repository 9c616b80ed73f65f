import type { EmbeddingQueueMessage } from '@app/contracts';
import {
  canTerminate,
  formatEventTime,
  formatSize,
  terminateLabel,
  type TerminateState,
} from './terminate-state';

export interface EmbeddingQueueTableProps {
  messages: readonly EmbeddingQueueMessage[];
  states: Readonly<Record<string, TerminateState>>;
  /** The row's error, inline under its button. */
  errors: Readonly<Record<string, string>>;
  onTerminate: (message: EmbeddingQueueMessage) => void;
}

/** The queued and running embeddings: Message ID, Event Time, User, Key, Size, Terminate. */
export function EmbeddingQueueTable({ messages, states, errors, onTerminate }: EmbeddingQueueTableProps) {
  return (
    <table className="embeddings-table" aria-label="SQS Embeddings">
      <thead>
        <tr>
          <th scope="col">Message ID</th>
          <th scope="col">Event Time</th>
          <th scope="col">User</th>
          <th scope="col">Key</th>
          <th scope="col">Size</th>
          <th scope="col">Terminate</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((m) => {
          const state = states[m.object.key] ?? (m.terminated ? 'terminated' : 'idle');
          const error = errors[m.object.key];
          return (
            <tr key={m.messageId}>
              <td>{m.messageId}</td>
              <td>{formatEventTime(m.eventTime)}</td>
              <td>{m.object.user}</td>
              <td className="embeddings-key">{m.object.key}</td>
              <td>{formatSize(m.object.size)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`${terminateLabel(state)}: ${m.object.key}`}
                  disabled={!canTerminate(state)}
                  onClick={() => onTerminate(m)}
                >
                  {terminateLabel(state)}
                </button>
                {error && (
                  <span role="alert" className="field-error">
                    {error}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

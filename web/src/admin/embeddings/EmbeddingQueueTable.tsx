import type { EmbeddingQueueMessage } from '@app/contracts';
import {
  canTerminate,
  formatEventTime,
  formatSize,
  terminateLabel,
  type TerminateState,
} from './terminate-state';
import { TableHead } from '../../ui/table/TableHead';

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
      <TableHead columns={['Message ID', 'Event Time', 'User', 'Key', 'Size', 'Terminate']} />
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

import { useState } from 'react';
import { embeddingMessages, type EmbeddingQueueMessage } from '@app/contracts';
import { fetchEmbeddingQueue, terminateEmbedding } from '../../api/embeddings';
import { EmbeddingQueueTable } from './EmbeddingQueueTable';
import { withState, type TerminateState } from './terminate-state';
import './embeddings.css';

type Queue =
  | { kind: 'notRetrieved' }
  | { kind: 'retrieving' }
  | { kind: 'failed' }
  | { kind: 'retrieved'; messages: EmbeddingQueueMessage[] };

/**
 * The Embeddings tab: 'Embeddings Circuit Breaker'. 'Retrieve SQS Embeddings' lists the queued and
 * running embeddings; Terminate stops one (Terminating..., then Terminated). Errors show inline.
 */
export default function EmbeddingsTab() {
  const [queue, setQueue] = useState<Queue>({ kind: 'notRetrieved' });
  const [states, setStates] = useState<Record<string, TerminateState>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const retrieve = async () => {
    setQueue({ kind: 'retrieving' });
    setStates({});
    setErrors({});
    try {
      setQueue({ kind: 'retrieved', messages: await fetchEmbeddingQueue() });
    } catch {
      setQueue({ kind: 'failed' });
    }
  };

  const terminate = async (message: EmbeddingQueueMessage) => {
    const { key } = message.object;
    setStates((s) => withState(s, key, 'terminating'));
    setErrors(({ [key]: _, ...rest }) => rest);
    const stopped = await terminateEmbedding(key).catch(() => false);
    setStates((s) => withState(s, key, stopped ? 'terminated' : 'failed'));
    if (!stopped) setErrors((e) => ({ ...e, [key]: embeddingMessages.unableToTerminate }));
  };

  return (
    <div className="cards embeddings">
      <section className="card" aria-label="Embeddings Circuit Breaker">
        <h3 className="card-title">Embeddings Circuit Breaker</h3>
        <div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={queue.kind === 'retrieving'}
            onClick={() => void retrieve()}
          >
            Retrieve SQS Embeddings
          </button>
        </div>
        {queue.kind === 'failed' && (
          <p role="alert" className="field-error">
            {embeddingMessages.unableToRetrieve}
          </p>
        )}
        {queue.kind === 'retrieved' &&
          (queue.messages.length === 0 ? (
            <p className="empty">{embeddingMessages.operatingCorrectly}</p>
          ) : (
            <EmbeddingQueueTable
              messages={queue.messages}
              states={states}
              errors={errors}
              onTerminate={(m) => void terminate(m)}
            />
          ))}
      </section>
    </div>
  );
}

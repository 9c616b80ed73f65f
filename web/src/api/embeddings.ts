import {
  embeddingRoutes,
  EmbeddingQueueResponse,
  EmbeddingStatusResponse,
  TerminateEmbeddingResponse,
  type DataSource,
  type EmbeddingQueueMessage,
  type FileStatus,
} from '@app/contracts';
import { requestJson, postJson } from './http';

/** POST /embedding/status: each document's status by file key (the document list's hover). */
export async function fetchEmbeddingStatus(dataSources: DataSource[]): Promise<Record<string, FileStatus>> {
  return (
    await postJson('getEmbeddingStatus', embeddingRoutes.status, EmbeddingStatusResponse, { dataSources })
  ).data;
}

/** GET /embedding/sqs/get (admins): the queued and running embeddings, oldest first. */
export async function fetchEmbeddingQueue(): Promise<EmbeddingQueueMessage[]> {
  return (await requestJson('getSqsEmbeddings', embeddingRoutes.queue, EmbeddingQueueResponse)).body.messages;
}

/** POST /embedding/terminate (admins): stops a file's embedding; false when it was not running. */
export async function terminateEmbedding(objectKey: string): Promise<boolean> {
  const answer = await requestJson(
    'terminateEmbedding',
    embeddingRoutes.terminate,
    TerminateEmbeddingResponse,
    {
      method: 'POST',
      body: { object_key: objectKey },
      acceptStatuses: [409],
    },
  );
  return answer.body.success;
}

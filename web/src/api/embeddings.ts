import { embeddingRoutes, EmbeddingStatusResponse, type DataSource, type FileStatus } from '@app/contracts';
import { requestJson } from './http';

/** POST /embedding/status: each document's status by file key (the document list's hover). */
export async function fetchEmbeddingStatus(dataSources: DataSource[]): Promise<Record<string, FileStatus>> {
  return (
    await requestJson('getEmbeddingStatus', embeddingRoutes.status, EmbeddingStatusResponse, {
      method: 'POST',
      body: { dataSources },
    })
  ).body.data;
}

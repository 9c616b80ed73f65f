import { documentProcessJob, documentProcessRoute, runDocumentProcess } from './document-process';
import { documentEmbedJob, documentEmbedRoute, runDocumentEmbed } from './document-embed';
import { endpointTestJob, endpointTestRoute, runEndpointTest } from './endpoint-test';
import { routeByType, type ProcessorRegistry, type Routes } from './types';
import { runWebsiteFetch, websiteFetchJob, websiteFetchRoute } from './website-fetch';

/**
 * The platform's jobs: job name → processor (one file per job in this folder), and which events need
 * which job.
 */
export const processors: ProcessorRegistry = {
  [endpointTestJob]: runEndpointTest,
  [documentEmbedJob]: runDocumentEmbed,
  [documentProcessJob]: runDocumentProcess,
  [websiteFetchJob]: runWebsiteFetch,
};

export const routes: Routes = routeByType({
  EndpointTestRequested: endpointTestRoute,
  FileEmbeddingQueued: documentEmbedRoute,
  FileUploaded: documentProcessRoute,
  FileReprocessRequested: documentProcessRoute,
  // A website file (one with a sourceUrl): fetched, then FileUploaded; browser uploads are not routed.
  FileUploadRequested: websiteFetchRoute,
});

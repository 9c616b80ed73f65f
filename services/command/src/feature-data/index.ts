import type { FastifyPluginAsync } from 'fastify';
import { apiDocsRoutes } from './api-docs-routes';
import { disclosureRoutes } from './disclosure-routes';
import { pptxTemplateRoutes, type FeatureDataRouteOptions } from './pptx-routes';

export { pptxTemplatesDecider, templateNamed, type PptxTemplatesCommand } from './pptx-templates-decider';
export { dataDisclosureDecider, type DataDisclosureCommand } from './data-disclosure-decider';
export { disclosureAcceptanceDecider, mustAcceptDisclosure } from './disclosure-acceptance-decider';
export { apiDocumentationDecider, type ApiDocumentationCommand } from './api-documentation-decider';
export { apiDocTemplatesZip, apiDocTemplateFiles } from './api-doc-templates';
export { isFeatureDataKey } from './blob-keys';
export type { FeatureDataRouteOptions };

/**
 * The Feature Data tab's commands: PowerPoint templates, the Data
 * Disclosure and its acceptance, the API documentation. Bytes go through the blob store's signed urls.
 */
export const featureDataRoutesPlugin =
  (opts: FeatureDataRouteOptions): FastifyPluginAsync =>
  async (app) => {
    await app.register(pptxTemplateRoutes(opts));
    await app.register(disclosureRoutes(opts));
    await app.register(apiDocsRoutes(opts));
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfigImportQuery,
  ConfigImportResponse,
  configAsCodeRoutes,
  configDocumentLimits,
  errorResponses,
} from '@app/contracts';
import type { AllowList, Db, SecretBox } from '@app/platform';
import { commandCallOf } from '../shared/command-route';
import { exportConfigurationYaml, importConfiguration } from './run';

export interface ConfigAsCodeRoutesOptions {
  db: Db;
  secrets: SecretBox;
  /** OUTBOUND_ALLOW, as the admins' save gets it. */
  endpointAllow?: AllowList;
}

/** The media types a document is sent as (YAML; JSON is YAML too, sent as text). */
const yamlTypes = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/plain'];

/**
 * GET /api/admin/config/export answers every section as YAML (secrets as references);
 * POST /api/admin/config/import?dryRun=true|false reads a YAML body (bounded) and answers the
 * difference, applying it unless a dry run. Over HTTP no `${NAME}` placeholder is accepted (the
 * server's environment is not the admin's): a 400 that says to use the CLI. Admins only.
 */
export const configAsCodeRoutesPlugin =
  (opts: ConfigAsCodeRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser(
      yamlTypes,
      { parseAs: 'string', bodyLimit: configDocumentLimits.bytes },
      (_request, body, done) => done(null, body),
    );
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      configAsCodeRoutes.export,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'Every section of the configuration as YAML; secrets as references, never values.',
          response: { ...errorResponses, 200: z.string() },
        },
      },
      async (_request, reply) => {
        const yaml = await exportConfigurationYaml(opts.db);
        return reply
          .type('application/yaml; charset=utf-8')
          .header('content-disposition', 'attachment; filename="platform.yaml"')
          .send(yaml);
      },
    );
    routes.post(
      configAsCodeRoutes.import,
      {
        preValidation: app.requireAdmin,
        bodyLimit: configDocumentLimits.bytes,
        schema: {
          description:
            "Imports a YAML configuration (the export's form): answers the difference per section; " +
            'dryRun=false applies it through the same deciders as a save (400, nothing appended, on any mistake).',
          querystring: ConfigImportQuery,
          body: z.string().max(configDocumentLimits.bytes),
          response: { ...errorResponses, 200: ConfigImportResponse },
        },
      },
      async (request) => {
        const call = await commandCallOf(request);
        return importConfiguration(opts.db, request.body, {
          dryRun: request.query.dryRun === 'true',
          actor: call.actor,
          metadata: call.metadata,
          secrets: opts.secrets,
          ...(opts.endpointAllow ? { endpointAllow: opts.endpointAllow } : {}),
        });
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  displayUrl,
  ErrorResponse,
  errorResponses,
  parseServerModels,
  platformMessages,
  serverModelsRoute,
  ServerModelsRequest,
  ServerModelsResponse,
  serverModelsUrls,
} from '@app/contracts';
import { DomainError, OutboundError, type OutboundClient } from '@app/platform';
import { endpointKeyHeaders } from './provider-fetch';

export interface ServerModelsRouteOptions {
  /** The admins' model client (OUTBOUND_ALLOW): the one chat and the endpoint tests call through. */
  outbound: OutboundClient;
}

/** The server's answer as JSON, or null when it is not. */
const jsonOf = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
};

/**
 * 'Add models from a server' (the OpenAi Endpoints tab): POST /api/admin/serverModels lists the models
 * of an OpenAI-compatible server (`GET <base>/v1/models`) through the admins' guarded client, with
 * its key when one is given. Admins only; records nothing (the admin's save adds the models); the
 * answer is bounded (the client's time and size caps, `maxServerModels` ids). A server that cannot be read
 * answers 422 naming its url (credentials left out) and why, never its body nor the key.
 */
export const serverModelsRoutePlugin =
  (opts: ServerModelsRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      serverModelsRoute,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'The models an OpenAI-compatible server lists at <url>/v1/models (at most 200), and the chat-completions url their endpoints get. Records nothing.',
          body: ServerModelsRequest,
          response: { ...errorResponses, 422: ErrorResponse, 200: ServerModelsResponse },
        },
      },
      async (request, reply) => {
        const urls = serverModelsUrls(request.body.url);
        if (urls === null) throw new DomainError(platformMessages.serverModelsInvalidUrl);
        const failed = (reason: string) => {
          const answer: ErrorResponse = {
            success: false,
            message: platformMessages.serverModelsFailed(displayUrl(urls.modelsUrl), reason),
          };
          return reply.code(422).send(answer);
        };
        let status: number;
        let body: Buffer;
        try {
          ({ status, body } = await opts.outbound.request(urls.modelsUrl, {
            method: 'GET',
            headers: { accept: 'application/json', ...endpointKeyHeaders(request.body.key ?? '') },
          }));
        } catch (e) {
          if (e instanceof OutboundError) return failed(e.message);
          throw e;
        }
        if (status < 200 || status > 299) return failed(`the server answered ${status}`);
        const parsed = parseServerModels(jsonOf(body));
        if (parsed === null) return failed('its answer is not a list of models');
        const answer: ServerModelsResponse = {
          success: true,
          data: { models: parsed.models, chatUrl: urls.chatUrl, truncated: parsed.truncated },
        };
        return answer;
      },
    );
  };

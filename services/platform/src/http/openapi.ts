import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { routes } from '@app/contracts';

/**
 * The OpenAPI document of every route the app registers after this call (each declares its zod
 * contracts), at `/api/docs/json`, and Swagger UI's reference page at `/api/docs`.
 *
 * Admins only, like the API it describes (anonymous 401, users 403): the page and the document hold
 * nothing secret, but they map every admin route. The page loads only files of its own (no inline
 * script), so it renders under the app's CSP (`script-src 'self'`) unchanged. Needs the identity
 * plugin registered first (`app.requireAdmin`).
 */
export const installOpenApi = async (app: FastifyInstance): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Chat platform API',
        description:
          'Commands, reads, sign-in and operations of the platform. Every route but sign-in and ' +
          '/healthz needs the session cookie set by a sign-in; state-changing requests carried by ' +
          'the cookie need a matching Origin header.',
        version: '1',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // Every route of the page, its files included (@fastify/static's), is behind the guard.
    docs.addHook('preValidation', docs.requireAdmin);
    await docs.register(swaggerUi, { routePrefix: routes.apiDocs });
  });
};

import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Routes declare their input and answers with the zod contracts (`schema: { body, querystring,
 * params, response }`, through `app.withTypeProvider<ZodTypeProvider>()`):
 *
 * - input is parsed by its contract before the handler runs (the parsed value replaces it); a
 *   refusal answers 400 with the same words a `Contract.parse` in the handler gave (error-handler.ts).
 *   Guards therefore run at `preValidation`, so a caller who may not call the route learns nothing
 *   of its input rules;
 * - answers are written as they are (JSON.stringify): the response schemas type the handlers and
 *   describe the API (OpenAPI), but are not re-checked on the way out. The contracts hold one-way
 *   transforms (legacy rate limits, trimmed emails) zod cannot encode, and a read model that outgrew
 *   a limit must still be readable, not a 500.
 */
export const installZodSchemas = (app: FastifyInstance): void => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
};

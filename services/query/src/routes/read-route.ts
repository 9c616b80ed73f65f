import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ErrorResponse,
  errorResponses,
  platformMessages,
  WaitForQuery,
  type ConfigsResponse,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import type { GroupMembership } from '../read/group-membership';
import { waitForPosition } from '../runner/wait-for';

/** What the read routes read with: the database, the projections `?waitFor=` waits on, a user's Amplify groups. */
export interface ReadContext {
  db: Db;
  projections: readonly Projection[];
  groupsOf: GroupMembership;
  /** The configuration as it was at a moment, folded from the log (the command service's deciders). */
  configsAt?: ConfigsAt | undefined;
}

/** GET /amplifymin/configs?at=: the configuration at an ISO time or a log position. */
export type ConfigsAt = (at: string) => Promise<ConfigsResponse>;

/** The caller and what they sent, as the route's schemas checked it. */
export interface ReadRequest<Q, P, B> {
  /** The caller's email ('' when there is none). */
  principal: string;
  isAdmin: () => Promise<boolean>;
  query: Q;
  params: P;
  body: B;
}

/** One read route: who may call it, its contracts, and how it answers. */
export interface ReadRouteSpec<
  A extends z.ZodType,
  Q extends z.ZodType = typeof WaitForQuery,
  P extends z.ZodType = z.ZodType<unknown>,
  B extends z.ZodType = z.ZodType<unknown>,
> {
  method?: 'GET' | 'POST';
  url: string;
  /** Any signed-in user, or admins only. */
  who: 'user' | 'admin';
  description: string;
  /** The contract of the 200 answer. */
  answer: A;
  /**
   * The query string: `?waitFor=` (WaitForQuery) when not given, null for none. A `waitFor` in it
   * holds the answer until the projections passed that position (read-your-writes).
   */
  query?: Q | null;
  params?: P;
  body?: B;
  /** The route may answer 404 (listed among its answers). */
  notFound?: true;
  /** A request that only admins may make beyond `who` (403 for others, before any waiting). */
  adminsOnlyWhen?: (request: ReadRequest<z.output<Q>, z.output<P>, z.output<B>>) => boolean;
  handle: (
    request: ReadRequest<z.output<Q>, z.output<P>, z.output<B>>,
    ctx: ReadContext,
    reply: FastifyReply,
  ) => Promise<z.output<A> | FastifyReply>;
}

/** A read route ready to be served: registers itself on the app. */
export type ReadRoute = (app: FastifyInstance, ctx: ReadContext) => void;

/**
 * A read route from its spec: the schema every read route has (its contracts and the error answers),
 * the guard of `who`, then the wait for `?waitFor=` before `handle` answers.
 */
export const readRoute =
  <
    A extends z.ZodType,
    Q extends z.ZodType = typeof WaitForQuery,
    P extends z.ZodType = z.ZodType<unknown>,
    B extends z.ZodType = z.ZodType<unknown>,
  >(
    spec: ReadRouteSpec<A, Q, P, B>,
  ): ReadRoute =>
  (app, ctx) => {
    const query = spec.query === undefined ? WaitForQuery : spec.query;
    app.withTypeProvider<ZodTypeProvider>().route({
      method: spec.method ?? 'GET',
      url: spec.url,
      preValidation: spec.who === 'admin' ? app.requireAdmin : app.requireUser,
      schema: {
        description: spec.description,
        ...(spec.params ? { params: spec.params } : {}),
        ...(query ? { querystring: query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: { ...errorResponses, 200: spec.answer, ...(spec.notFound ? { 404: ErrorResponse } : {}) },
      },
      handler: async (request, reply) => {
        // Fastify checked query, params and body against these same schemas before the handler runs.
        const checked: ReadRequest<z.output<Q>, z.output<P>, z.output<B>> = {
          principal: request.principal ?? '',
          isAdmin: () => request.principalIsAdmin(),
          query: request.query as z.output<Q>,
          params: request.params as z.output<P>,
          body: request.body as z.output<B>,
        };
        if (spec.adminsOnlyWhen?.(checked) && !(await request.principalIsAdmin())) {
          return reply.code(403).send({ success: false, message: platformMessages.adminsOnly });
        }
        const { waitFor } = query ? (checked.query as { waitFor?: string }) : {};
        if (waitFor) await waitForPosition(ctx.db, ctx.projections, waitFor);
        return spec.handle(checked, ctx, reply);
      },
    });
  };

import type { FastifyRequest } from 'fastify';

/**
 * Turns a request into who sent it (email and session), or null. Every sign-in method (the
 * development sign-in, OpenID Connect) ends in the same server-side session, so routes never know
 * which one signed the user in.
 */
export type Authenticator = (request: FastifyRequest) => Promise<{ email: string; sessionId: string } | null>;

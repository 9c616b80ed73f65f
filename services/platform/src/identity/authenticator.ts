import type { FastifyRequest } from 'fastify';

/**
 * Turns a request into who sent it (email and session), or null. Every sign-in method (the
 * development sign-in, OpenID Connect) ends in the same server-side session, so routes never know
 * which one signed the user in. Whether they are an admin may come with it (read in the same
 * statement as the session); else it is asked of the admin directory when a route needs it.
 */
export type Authenticator = (
  request: FastifyRequest,
) => Promise<{
  email: string;
  sessionId: string;
  /** Read with the session, when it was. */ isAdmin?: boolean;
} | null>;

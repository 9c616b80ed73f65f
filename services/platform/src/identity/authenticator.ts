import type { FastifyRequest } from 'fastify';

/**
 * Turns a request into who sent it (email and session), or null. Every sign-in method (the
 * development sign-in, OpenID Connect) ends in the same server-side session, so routes never know
 * which one signed the user in. Whether they are an admin may come with it (read in the same
 * statement as the session); else it is asked of the admin directory when a route needs it.
 */
export interface Authenticated {
  email: string;
  sessionId: string;
  /** Whether the user is an admin, when it was read with the session. */
  isAdmin?: boolean;
}

export type Authenticator = (request: FastifyRequest) => Promise<Authenticated | null>;

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MeResponse } from '@app/contracts';

/** How a user signed in. */
export type SignInMethod = 'dev' | 'oidc';

/**
 * Starts and refuses sessions for every sign-in method. A sign-in is a server-side session record
 * (its signed id goes into the cookie) and a `SignedIn` event in the log with the address and user
 * agent; a refusal is a `SignInRefused` event. Sign-in methods (dev, OIDC) only call this.
 */
export interface SessionService {
  /**
   * Records the sign-in, sets the session cookie on `reply`, answers who signed in. `subject` is the
   * provider's own id of the account (`<iss>#<sub>`), kept in the SignedIn event.
   */
  signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    method: SignInMethod,
    subject?: string,
  ): Promise<MeResponse>;
  /** Records a refused sign-in (`reason` is for operators; never a secret or a token). */
  refuse(request: FastifyRequest, method: SignInMethod, reason: string, email?: string): Promise<void>;
}

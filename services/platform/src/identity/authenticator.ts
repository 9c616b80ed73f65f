import type { FastifyRequest } from 'fastify';
import { sessionCookieName } from '@app/contracts';
import type { SessionTokens } from './session-token';

/**
 * Turns a request into the email of who sent it, or null. The dev sign-in and a future OIDC
 * provider both end in the same session token, so routes never know which one signed the user in.
 */
export type Authenticator = (request: FastifyRequest) => string | null;

export const sessionAuthenticator =
  (tokens: SessionTokens): Authenticator =>
  (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) return tokens.verify(header.slice('Bearer '.length).trim());
    const cookie = request.cookies[sessionCookieName];
    return cookie ? tokens.verify(cookie) : null;
  };

import rateLimit from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityMessages, routes } from '@app/contracts';
import { stateChangingMethods } from './http-names';

export interface RateLimits {
  /** Sign-in attempts per address per minute (development sign-in, OIDC start and callback). */
  signInPerMinute: number;
  /** State-changing requests per signed-in user (per address when signed out) per minute. */
  commandsPerMinute: number;
}

export const defaultRateLimits: RateLimits = { signInPerMinute: 20, commandsPerMinute: 300 };

const signInPaths = new Set<string>([routes.devLogin, routes.oidcLogin, routes.oidcCallback]);

/**
 * The address a limit counts by: an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or host gets a whole /64, so counting single addresses would let it walk around the limit).
 */
export const addressKey = (ip: string): string => {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
};

const byAddress = (request: FastifyRequest) => `address:${addressKey(request.ip)}`;
const byUser = (request: FastifyRequest) =>
  request.principal ? `user:${request.principal}` : byAddress(request);

/**
 * @fastify/rate-limit on sign-in (per address) and on every state-changing route (per user), as
 * the routes are registered: a route added later is limited without a line of its own. Runs after
 * the identity hook, so the user is known. Answers 429 with Retry-After and our own words.
 */
export const installRateLimits = async (app: FastifyInstance, limits: RateLimits): Promise<void> => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const signIn = signInPaths.has(route.url);
    if (!signIn && !methods.some((m) => stateChangingMethods.has(m))) return;
    route.config = {
      ...route.config,
      rateLimit: signIn
        ? { max: limits.signInPerMinute, timeWindow: 60_000, keyGenerator: byAddress }
        : { max: limits.commandsPerMinute, timeWindow: 60_000, keyGenerator: byUser },
    };
  });
  await app.register(rateLimit, {
    global: false,
    // Where the guards run too (they are added first, so they run first): a request refused at
    // validation (schema) is still counted.
    hook: 'preValidation',
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      success: false,
      message: identityMessages.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    }),
  });
};

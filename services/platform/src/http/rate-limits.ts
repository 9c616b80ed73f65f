import rateLimit from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { identityMessages, routes } from '@app/contracts';
import type { Db } from '../db/database';
import { briefError } from '../db/notifications';
import { stateChangingMethods } from './http-names';
import { pgWindowCounter, redisWindowCounter, type WindowCount } from './rate-limit-counters';
import { budgetCounts, sharedRateLimitStore, type BudgetCounts } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read that records an event each time it answers (a share's view): counted in the caller's
     * budget of state-changing requests like a command.
     */
    recordsEvents?: boolean;
    /**
     * The caller's budget is counted as the request arrives, as on every route, but its verdict is
     * awaited by the route itself (`request.budget()`), beside its own first reads, before it does
     * anything: the count's round trip is no longer ahead of them. A budget already known spent is
     * refused at once, before the body is read, as elsewhere.
     */
    deferredBudget?: boolean;
  }
  interface FastifyRequest {
    /** The verdict on the caller's budget for this request (see `deferredBudget`); not spent elsewhere. */
    budget(): Promise<BudgetVerdict>;
  }
}

/** Whether the request is one too many in its caller's budget, and then when the budget comes back. */
export type BudgetVerdict = { spent: false } | { spent: true; retryAfterSeconds: number };

const notSpent: BudgetVerdict = { spent: false };
const verdictOf = (count: WindowCount, max: number): BudgetVerdict =>
  count.current > max
    ? { spent: true, retryAfterSeconds: Math.max(1, Math.ceil(count.ttl / 1000)) }
    : notSpent;

export interface RateLimits {
  /** Sign-in attempts per address per minute (development sign-in, OIDC start and callback). */
  signInPerMinute: number;
  /** State-changing requests per caller per minute, all routes together (see `callerKey`). */
  commandsPerMinute: number;
}

export const defaultRateLimits: RateLimits = { signInPerMinute: 20, commandsPerMinute: 300 };

/** Where the counters live: Redis when there is one (REDIS_URL), else PostgreSQL. */
export interface RateLimitStoreOptions {
  db: Db;
  redisUrl?: string;
}

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

const byAddress = (request: FastifyRequest) => `sign-in:${addressKey(request.ip)}`;

/**
 * Who one budget of state-changing requests belongs to: the signed-in user; for an API key, its
 * owner (the person who made it, whoever it acts as: a hundred keys are not a hundred budgets); the
 * client address when signed out.
 */
export const callerKey = (request: FastifyRequest): string => {
  if (request.apiKey) return `commands:user:${request.apiKey.owner}`;
  if (request.principal) return `commands:user:${request.principal}`;
  return `commands:address:${addressKey(request.ip)}`;
};

/** A counter that fails is logged at most once a minute: an outage must not flood the logs. */
const warnEveryMs = 60_000;

/**
 * @fastify/rate-limit on sign-in (per address) and on every state-changing route or read that records
 * events (one budget per caller, `callerKey`), as the routes are registered: a route added later is limited without a
 * line of its own. The counters are shared by every route and every instance (Redis, else the
 * `rate_limit_counters` table). Counts at `preParsing`: after the identity hook (`onRequest`: the
 * session or API key is looked up there, so the caller is known) and before the body is read, so a
 * request whose body is then refused (malformed or too deep JSON, 400; too large, 413; a media type
 * no route takes, 415) is counted like one refused by the route's guards (401, 403), its schema or
 * its command: hostile bodies are what a budget is for. Answers 429 with Retry-After and our own
 * words. While the counters cannot be reached, requests are let through and a warning is logged.
 */
export const installRateLimits = async (
  app: FastifyInstance,
  limits: RateLimits,
  storeOptions: RateLimitStoreOptions,
): Promise<void> => {
  const counter = storeOptions.redisUrl
    ? redisWindowCounter(storeOptions.redisUrl)
    : pgWindowCounter(storeOptions.db);
  app.addHook('onClose', () => counter.close());
  let warnedAt = -Infinity;
  const onError = (e: unknown) => {
    const now = performance.now();
    if (now - warnedAt < warnEveryMs) return;
    warnedAt = now;
    app.log.warn({ error: briefError(e) }, 'rate limits not counted: their store did not answer');
  };
  const counts = budgetCounts(counter);
  app.decorateRequest('budget', function () {
    return Promise.resolve(notSpent);
  });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const signIn = signInPaths.has(route.url);
    const recordsEvents = route.config?.recordsEvents === true;
    if (!signIn && !recordsEvents && !methods.some((m) => stateChangingMethods.has(m))) return;
    if (!signIn && route.config?.deferredBudget === true) {
      route.preParsing = [
        ...hooksOf(route.preParsing),
        deferredBudgetHook(counts, limits.commandsPerMinute, onError),
      ];
      return;
    }
    route.config = {
      ...route.config,
      rateLimit: signIn
        ? { max: limits.signInPerMinute, timeWindow: 60_000, keyGenerator: byAddress }
        : { max: limits.commandsPerMinute, timeWindow: 60_000, keyGenerator: callerKey },
    };
  });
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counts, onError),
    skipOnError: true,
    // Before the body is parsed: a body refused by its parser is counted too.
    hook: 'preParsing',
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      success: false,
      message: identityMessages.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    }),
  });
};

const hooksOf = <H>(hooks: H | H[] | undefined): H[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** The 429 of a spent budget, as the plugin answers it (errorResponseBuilder, Retry-After). */
export const budgetSpentError = (retryAfterSeconds: number) =>
  Object.assign(new Error(identityMessages.tooManyRequests(retryAfterSeconds)), {
    statusCode: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/**
 * A `deferredBudget` route's count, started as the request arrives (after the identity hook, before
 * the body is read) and kept as `request.budget()`: refused at once when the budget is already known
 * spent; a counter that fails lets the request through, as the plugin does.
 */
const deferredBudgetHook =
  (counts: BudgetCounts, max: number, onError: (e: unknown) => void): preParsingAsyncHookHandler =>
  (request, _reply, payload) => {
    const key = callerKey(request);
    const known = counts.known(key, max);
    if (known) {
      const verdict = verdictOf(known, max);
      if (verdict.spent) return Promise.reject(budgetSpentError(verdict.retryAfterSeconds));
    }
    const verdict = counts.incr(key, 60_000, max).then(
      (count) => verdictOf(count, max),
      (e: unknown): BudgetVerdict => {
        onError(e);
        return notSpent;
      },
    );
    request.budget = () => verdict;
    return Promise.resolve(payload);
  };

import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, MeResponse } from '@app/contracts';
import type { Db } from '../db/database';
import { appendToStream } from '../event-store/append';
import { inTransaction } from '../event-store/log-waker';
import { readStream } from '../event-store/read';
import { commandMetadata } from '../http/request-context';
import type { AdminDirectory } from './admin-directory';
import { sessionRows } from './session-store';
import { createSessionRecall } from './session-recall';
import type { SessionService, SignInMethod } from './session-service';
import {
  sessionDecider,
  sessionStreamId,
  type SessionCommand,
  type SessionEvent,
  type SignInRefusedEvent,
} from './session-lifecycle';
import type { SessionTokens } from './session-token';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however used. */
  maxMs: number;
  /** `__Host-session`, Secure, when the platform is served over https. */
  secureCookies: boolean;
}

export interface Principal {
  email: string;
  sessionId: string;
  /** Whether the user is an admin, read with the session. */
  isAdmin: boolean;
}

export interface Sessions extends SessionService {
  readonly cookieName: string;
  /** The principal of a request's cookie or bearer token, sliding its session; null when none is in force. */
  authenticate(request: FastifyRequest): Promise<Principal | null>;
  /**
   * Who the request's token was when this process last found its session in force, reading nothing:
   * a guess to start work with, never an answer (`authenticate` says whether it still is).
   */
  recall(request: FastifyRequest): Principal | null;
  /** Ends the request's own session (SignedOut) and clears the cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of `email` (SessionRevoked, one per session); answers how many. */
  revokeAllFor(request: FastifyRequest, email: string): Promise<number>;
  /** Which of these session ids are still in force. */
  stillActive(ids: readonly string[]): Promise<Set<string>>;
}

/** Slide the idle expiry at most once a minute per session: a write per request would be waste. */
const touchEveryMs = 60_000;
const bounded = (s: string | undefined, max: number) => (s ?? '').slice(0, max);
const whereFrom = (request: FastifyRequest) => ({
  ip: bounded(request.ip, 100),
  userAgent: bounded(request.headers['user-agent'], 500),
});

const decideOn = async (
  db: Db,
  sessionId: string,
  command: SessionCommand,
  actor: Actor,
  request: FastifyRequest,
) => {
  const streamId = sessionStreamId(sessionId);
  const history = (await readStream(db, streamId)) as unknown as SessionEvent[];
  const state = history.reduce(sessionDecider.evolve, sessionDecider.initialState());
  const events = sessionDecider.decide(command, state);
  if (events.length === 0) return;
  const metadata = { ...commandMetadata(request, actor), commandId: randomUUID() };
  await appendToStream(db, streamId, events, {
    expectedVersion: history.length === 0 ? 'no-stream' : history.length,
    metadata,
  });
};

export const createSessions = (opts: {
  db: Db;
  tokens: SessionTokens;
  admins: AdminDirectory;
  policy: SessionPolicy;
}): Sessions => {
  const { db, tokens, admins, policy } = opts;
  const recalled = createSessionRecall();
  const cookieName = policy.secureCookies ? '__Host-session' : 'session';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: policy.secureCookies };
  const actorOf = async (email: string): Promise<Actor> => ({
    email,
    kind: (await admins.isAdmin(email)) ? 'admin' : 'user',
  });

  /** Ends the session the request came with, if any: SignedOut. */
  const endOwnSession = async (trx: Db, request: FastifyRequest, reason: string) => {
    const { principal, sessionId } = request;
    if (!principal || !sessionId) return;
    recalled.forgetSessions([sessionId]);
    await sessionRows.end(trx, sessionId, reason);
    await decideOn(
      trx,
      sessionId,
      { type: 'SignOut', ...whereFrom(request) },
      await actorOf(principal),
      request,
    );
  };

  const tokenOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers.authorization;
    if (header !== undefined) return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return request.cookies[cookieName];
  };
  // The stored hash of the request's token (null: none, or forged), its HMAC checked once a request
  // (a recalled session is checked too: both ask).
  const hashes = new WeakMap<FastifyRequest, string | null>();
  const tokenHashOf = (request: FastifyRequest): string | null => {
    const known = hashes.get(request);
    if (known !== undefined) return known;
    const token = tokenOf(request);
    const hash = token ? tokens.verify(token) : null;
    hashes.set(request, hash);
    return hash;
  };

  return {
    cookieName,
    authenticate: async (request) => {
      const tokenHash = tokenHashOf(request);
      if (!tokenHash) return null;
      const session = await sessionRows.findActive(db, tokenHash);
      if (!session) {
        recalled.forget(tokenHash);
        return null;
      }
      const now = new Date();
      if (now.getTime() - session.lastSeenAt.getTime() > touchEveryMs) {
        const idle = new Date(Math.min(now.getTime() + policy.idleMs, session.expiresAt.getTime()));
        // Not awaited: the request is answered as the session is now; a slide that fails is made
        // by the next request (its last use is still over a minute old).
        void sessionRows.touch(db, session.id, now, idle).catch(() => undefined);
      }
      const principal = { email: session.email, sessionId: session.id, isAdmin: session.isAdmin };
      recalled.remember(tokenHash, principal);
      return principal;
    },

    recall: (request) => {
      const tokenHash = tokenHashOf(request);
      return tokenHash ? (recalled.recall(tokenHash) ?? null) : null;
    },

    signIn: async (request, reply, email, method: SignInMethod, subject?: string): Promise<MeResponse> => {
      const { token, tokenHash } = tokens.issue();
      const sessionId = randomUUID();
      const now = Date.now();
      const expiresAt = new Date(now + policy.maxMs);
      const from = whereFrom(request);
      const actor = await actorOf(email);
      await inTransaction(db, async (trx) => {
        // A browser that signs in again leaves no session behind (and no fixation).
        await endOwnSession(trx, request, 'signed in again');
        await sessionRows.insert(trx, {
          id: sessionId,
          tokenHash,
          email,
          method,
          ...from,
          idleExpiresAt: new Date(Math.min(now + policy.idleMs, expiresAt.getTime())),
          expiresAt,
        });
        const start = {
          type: 'Start' as const,
          sessionId,
          email,
          method,
          ...from,
          expiresAt: expiresAt.toISOString(),
          ...(subject ? { subject: subject.slice(0, 1000) } : {}),
        };
        await decideOn(trx, sessionId, start, actor, request);
      });
      void reply.setCookie(cookieName, token, { ...cookieOptions, expires: expiresAt });
      return { email, isAdmin: actor.kind === 'admin' };
    },

    refuse: async (request, method, reason, email) => {
      const event: SignInRefusedEvent = {
        type: 'SignInRefused',
        data: { method, reason: bounded(reason, 500), email: email ?? null, ...whereFrom(request) },
      };
      const actor: Actor = { email: email ?? 'anonymous', kind: 'user' };
      await appendToStream(db, `sign-in-refused-${randomUUID()}`, [event], {
        expectedVersion: 'no-stream',
        metadata: { ...commandMetadata(request, actor), commandId: randomUUID() },
      });
    },

    signOut: async (request, reply) => {
      void reply.clearCookie(cookieName, cookieOptions);
      await inTransaction(db, (trx) => endOwnSession(trx, request, 'signed out'));
    },

    revokeAllFor: async (request, email) => {
      const ids = await sessionRows.activeIdsFor(db, email);
      const actor = await request.actor();
      recalled.forgetSessions(ids);
      for (const id of ids) {
        await inTransaction(db, async (trx) => {
          await sessionRows.end(trx, id, `revoked by ${actor.email}`);
          await decideOn(trx, id, { type: 'Revoke', by: actor.email, ...whereFrom(request) }, actor, request);
        });
      }
      return ids.length;
    },

    stillActive: (ids) => sessionRows.stillActive(db, ids),
  };
};

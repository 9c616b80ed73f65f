import type { Principal } from './sessions';

/**
 * Who each session token was when this process last found its session in force, by the token's
 * stored hash: a guess, never an answer. A route that takes it (`deferredSession`) still has the
 * session checked beside its first reads, and records and sends nothing before the check says yes.
 * Holds at most `maxEntries` tokens (the oldest seen are dropped).
 */
export interface SessionRecall {
  recall(tokenHash: string): Principal | undefined;
  /** The session found in force for this token (the newest answer wins). */
  remember(tokenHash: string, principal: Principal): void;
  /** The token's session is not in force (or no longer known to be). */
  forget(tokenHash: string): void;
  /** Every token of these sessions (signed out, revoked). */
  forgetSessions(sessionIds: readonly string[]): void;
}

export const createSessionRecall = (maxEntries = 10_000): SessionRecall => {
  const principals = new Map<string, Principal>();
  return {
    recall: (tokenHash) => principals.get(tokenHash),
    remember: (tokenHash, principal) => {
      principals.delete(tokenHash);
      principals.set(tokenHash, principal);
      if (principals.size > maxEntries) {
        const oldest = principals.keys().next().value;
        if (oldest !== undefined) principals.delete(oldest);
      }
    },
    forget: (tokenHash) => {
      principals.delete(tokenHash);
    },
    forgetSessions: (sessionIds) => {
      const ended = new Set(sessionIds);
      for (const [hash, p] of principals) if (ended.has(p.sessionId)) principals.delete(hash);
    },
  };
};

import { assertNever } from '@app/contracts';
import type { SignInMethod } from './session-service';

/**
 * One session's stream (`session-<id>`): started once, ended once (by its user or by an admin).
 * Emmett's shape: pure decide/evolve, no I/O; the service writes the sessions row beside the append.
 */
/** What a sign-in records: the Start command asks for it, the SignedIn event holds it. */
export interface SessionStart {
  sessionId: string;
  email: string;
  method: SignInMethod;
  ip: string;
  userAgent: string;
  expiresAt: string;
  /** The provider's id of the account (`<iss>#<sub>`), for OIDC sign-ins. */
  subject?: string;
}

export type SessionEvent =
  | { type: 'SignedIn'; data: SessionStart }
  | { type: 'SignedOut'; data: { sessionId: string; email: string; ip: string; userAgent: string } }
  | {
      type: 'SessionRevoked';
      /** `ip` and `userAgent` are the revoking admin's. */
      data: { sessionId: string; email: string; by: string; ip: string; userAgent: string };
    };

export type SessionCommand =
  | ({ type: 'Start' } & SessionStart)
  | { type: 'SignOut'; ip: string; userAgent: string }
  | { type: 'Revoke'; by: string; ip: string; userAgent: string };

export type SessionState =
  { status: 'none' } | { status: 'active'; sessionId: string; email: string } | { status: 'ended' };

/** A stream of events no session command may append to again, e.g. a second start. */
export class SessionStateError extends Error {}

export const sessionStreamId = (sessionId: string): string => `session-${sessionId}`;

export const sessionDecider = {
  initialState: (): SessionState => ({ status: 'none' }),
  decide: (command: SessionCommand, state: SessionState): SessionEvent[] => {
    switch (command.type) {
      case 'Start': {
        if (state.status !== 'none') throw new SessionStateError('this session has already started');
        const { type: _type, ...data } = command;
        return [{ type: 'SignedIn', data }];
      }
      case 'SignOut':
      case 'Revoke': {
        if (state.status !== 'active') return [];
        // Who ends it and from where: the user signing out, or the revoking admin.
        const ended = {
          sessionId: state.sessionId,
          email: state.email,
          ip: command.ip,
          userAgent: command.userAgent,
        };
        return command.type === 'SignOut'
          ? [{ type: 'SignedOut', data: ended }]
          : [{ type: 'SessionRevoked', data: { ...ended, by: command.by } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve: (state: SessionState, event: SessionEvent): SessionState => {
    switch (event.type) {
      case 'SignedIn':
        return { status: 'active', sessionId: event.data.sessionId, email: event.data.email };
      case 'SignedOut':
      case 'SessionRevoked':
        return { status: 'ended' };
      default:
        return assertNever(event);
    }
  },
};

/** A refused sign-in, on a stream of its own (`sign-in-refused-<uuid>`). */
export interface SignInRefusedEvent {
  type: 'SignInRefused';
  data: { method: SignInMethod; reason: string; email: string | null; ip: string; userAgent: string };
}

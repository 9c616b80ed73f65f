import { describe, expect, it } from 'vitest';
import {
  sessionDecider,
  SessionStateError,
  type SessionCommand,
  type SessionEvent,
} from '../../src/identity/session-lifecycle';

/** Given these events, when this command, then these events (or this refusal). */
const given = (events: SessionEvent[]) => ({
  when: (command: SessionCommand) => ({
    decide: () =>
      sessionDecider.decide(command, events.reduce(sessionDecider.evolve, sessionDecider.initialState())),
  }),
});

const from = { ip: '127.0.0.1', userAgent: 'test' };
const started: SessionEvent = {
  type: 'SignedIn',
  data: {
    sessionId: 's1',
    email: 'ann@example.com',
    method: 'dev',
    ...from,
    expiresAt: '2030-01-01T00:00:00.000Z',
  },
};
const start: SessionCommand = {
  type: 'Start',
  sessionId: 's1',
  email: 'ann@example.com',
  method: 'dev',
  ...from,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

describe('a session', () => {
  it('starts once: SignedIn with where it came from', () => {
    expect(given([]).when(start).decide()).toEqual([started]);
  });

  it('cannot start twice', () => {
    expect(() => given([started]).when(start).decide()).toThrow(SessionStateError);
  });

  it('ends by its user: SignedOut', () => {
    expect(
      given([started])
        .when({ type: 'SignOut', ...from })
        .decide(),
    ).toEqual([{ type: 'SignedOut', data: { sessionId: 's1', email: 'ann@example.com', ...from } }]);
  });

  it('ends by an admin: SessionRevoked naming the admin', () => {
    expect(
      given([started])
        .when({ type: 'Revoke', by: 'boss@example.com', ...from })
        .decide(),
    ).toEqual([
      {
        type: 'SessionRevoked',
        data: { sessionId: 's1', email: 'ann@example.com', by: 'boss@example.com', ...from },
      },
    ]);
  });

  it('that has ended ends no more: signing out or revoking again appends nothing', () => {
    const signedOut: SessionEvent = {
      type: 'SignedOut',
      data: { sessionId: 's1', email: 'ann@example.com', ...from },
    };
    expect(
      given([started, signedOut])
        .when({ type: 'SignOut', ...from })
        .decide(),
    ).toEqual([]);
    expect(
      given([started, signedOut])
        .when({ type: 'Revoke', by: 'boss@example.com', ...from })
        .decide(),
    ).toEqual([]);
  });

  it('that never started cannot be ended', () => {
    expect(
      given([])
        .when({ type: 'SignOut', ...from })
        .decide(),
    ).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { failureKind } from '../../src/event-store/failure-kind';

/** An error as node-postgres throws it for a server error: a message and the SQLSTATE in `code`. */
const pgError = (code: string, message = 'server error') => Object.assign(new Error(message), { code });

describe('failureKind', () => {
  it.each([
    ['08006', 'connection failure'],
    ['08003', 'connection does not exist'],
    ['40001', 'serialization failure'],
    ['40P01', 'deadlock detected'],
    ['57014', 'statement timeout / query cancelled'],
    ['57P01', 'admin shutdown'],
    ['55P03', 'lock not available'],
    ['53300', 'too many connections'],
    ['58030', 'I/O error'],
  ])('given SQLSTATE %s (%s), when classified, then it is transient', (code) => {
    expect(failureKind(pgError(code))).toBe('transient');
  });

  it.each(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN'])(
    'given a network error %s, when classified, then it is transient',
    (code) => {
      expect(failureKind(pgError(code, `connect ${code} 127.0.0.1:5432`))).toBe('transient');
    },
  );

  it('given node-postgres losing its connection (no code), when classified, then it is transient', () => {
    expect(failureKind(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(failureKind(new Error('timeout exceeded when trying to connect'))).toBe('transient');
  });

  it('given a transient error wrapped as the cause of another, when classified, then it is transient', () => {
    expect(failureKind(new Error('projection failed', { cause: pgError('40001') }))).toBe('transient');
    expect(failureKind(new AggregateError([new Error('x'), pgError('ECONNREFUSED')]))).toBe('transient');
  });

  it.each([
    ['23502', 'not-null violation'],
    ['23505', 'unique violation'],
    ['22P02', 'invalid text representation'],
    ['42703', 'undefined column'],
    ['EV409', 'the event store conflict'],
  ])('given SQLSTATE %s (%s), when classified, then it is lasting', (code) => {
    expect(failureKind(pgError(code))).toBe('lasting');
  });

  it('given what a fold throws on a malformed event, when classified, then it is lasting', () => {
    expect(failureKind(new TypeError("Cannot read properties of null (reading 'email')"))).toBe('lasting');
    expect(failureKind(new Error('Unexpected event: {"type":"Nope"}'))).toBe('lasting');
    expect(failureKind('a string thrown')).toBe('lasting');
    expect(failureKind(null)).toBe('lasting');
    expect(failureKind({ code: 42 })).toBe('lasting');
  });

  it('given a cause chain that loops, when classified, then it ends (lasting)', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(failureKind(a)).toBe('lasting');
  });
});

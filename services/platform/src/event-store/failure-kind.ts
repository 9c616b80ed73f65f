/**
 * Whether a follower's failure on an event may pass if it tries again (`transient`: the database or
 * the network, not the event) or will fail the same way every time (`lasting`: the event does not fit
 * its contract, or the fold cannot take it). A transient failure is retried with backoff and holds
 * the follower before the event; a lasting one sets the event aside at once and the follower goes on.
 */
export type FailureKind = 'transient' | 'lasting';

/**
 * PostgreSQL SQLSTATEs that say nothing about the event: connection exceptions (class 08), a
 * serialization failure or deadlock (40001, 40P01; class 40 is transaction rollback), a statement
 * cancelled or timed out (57014), an administrator's or crash shutdown (57P01-57P04), a lock not
 * available (55P03), insufficient resources (class 53), and system or I/O errors (class 58).
 */
const transientSqlStateClasses = ['08', '40', '53', '58'];
const transientSqlStates = new Set(['57014', '57P01', '57P02', '57P03', '57P04', '55P03']);

/** Node's network errors (`err.code`). */
const transientSystemCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/** What node-postgres and its pool throw, with no code, when a connection is lost or cannot be had. */
const transientMessages = [
  /^Connection terminated/i,
  /^timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end/i,
];

const codeOf = (e: object): string | undefined =>
  'code' in e && typeof e.code === 'string' ? e.code : undefined;

const isTransientCode = (code: string): boolean =>
  transientSystemCodes.has(code) ||
  transientSqlStates.has(code) ||
  (/^[0-9A-Z]{5}$/.test(code) && transientSqlStateClasses.includes(code.slice(0, 2)));

/** Classifies a failure by its codes (its cause's too, e.g. a wrapped driver error); anything else is lasting. */
export const failureKind = (error: unknown): FailureKind => {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e !== null && typeof e === 'object' && !seen.has(e);) {
    seen.add(e);
    const code = codeOf(e);
    if (code !== undefined && isTransientCode(code)) return 'transient';
    if (!(e instanceof Error)) break;
    const message = e.message;
    if (transientMessages.some((m) => m.test(message))) return 'transient';
    if (e instanceof AggregateError && e.errors.some((x) => failureKind(x) === 'transient'))
      return 'transient';
    e = e.cause;
  }
  return 'lasting';
};

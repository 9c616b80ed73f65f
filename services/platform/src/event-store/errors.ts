export type ExpectedVersion = number | 'no-stream' | 'any';

/** The stream moved on since the caller loaded it. The API answers 409 and names who changed it. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
    readonly lastActor: string | null,
    readonly lastChangedAt: string | null,
  ) {
    super(
      `Stream ${streamId} is at version ${actual}, expected ${String(expected)}` +
        (lastActor ? `; last changed by ${lastActor}` : ''),
    );
    this.name = 'ConcurrencyError';
  }
}

/** A rule of the domain refused the command; the message comes from `contracts/`, shown to the user as is. */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isUniqueViolation = (e: unknown, constraint?: string): boolean =>
  typeof e === 'object' &&
  e !== null &&
  'code' in e &&
  e.code === '23505' &&
  (constraint === undefined || ('constraint' in e && e.constraint === constraint));

/** The usage reports' messages, shown to admins and users word for word (server and screen). */
export const usageMessages = {
  fromRequired: "'from' is required: a date (YYYY-MM-DD, UTC) or an ISO date-time.",
  toRequired: "'to' is required: a date (YYYY-MM-DD, UTC) or an ISO date-time.",
  badTime: (field: 'from' | 'to') =>
    `'${field}' must be a date (YYYY-MM-DD, UTC) or an ISO date-time with its offset.`,
  fromBeforeTo: "'from' must be before 'to'.",
  tooLong: (maxDays: number) => `A usage report covers at most ${maxDays} days: narrow 'from' and 'to'.`,
  hourTooLong: (maxDays: number) =>
    `Hourly usage covers at most ${maxDays} days: narrow 'from' and 'to', or report by day.`,
  badBy: (allowed: readonly string[]) => `'by' must be one of ${allowed.join(', ')}.`,
  badFormat: "'format' must be json or csv.",
  /** The label of the row of requests made without an API key (by key). */
  noApiKey: 'Signed in (no API key)',
  /** The label of the row of requests made with a key no longer known (by key). */
  unknownApiKey: 'Unknown API key',
} as const;

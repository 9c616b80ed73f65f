import { z } from 'zod';
import { boundedString } from '../bounded';
import { limits } from '../limits';
import { successBody } from '../success';
import { usageMessages } from './usage-messages';

/**
 * Usage reports, read from the usage roll-ups (never the log): requests, tokens and cost of chat
 * requests, counted once at their end (ChatCompleted, ChatStopped or ChatFailed), in [from, to).
 */
export const usageRoutes = {
  /** GET, admins only: everyone's usage (`UsageQuery`). */
  admin: '/api/admin/usage',
  /** GET, any signed-in user: their own usage only (`OwnUsageQuery`). */
  own: '/api/usage',
} as const;

/** How an admin's report groups its rows. */
export const usageGroupings = ['day', 'hour', 'user', 'group', 'model', 'account', 'key'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];
/** How a user's own report groups its rows (never by user or group). */
export const ownUsageGroupings = ['day', 'hour', 'model', 'account', 'key'] as const;
export type OwnUsageGrouping = (typeof ownUsageGroupings)[number];

export const usageFormats = ['json', 'csv'] as const;

export const usageBounds = {
  /** A report covers at most this many days. */
  maxDays: 366,
  /** A report by hour covers at most this many days. */
  maxHourDays: 31,
} as const;

const dayMs = 24 * 3600 * 1000;
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = z.iso.datetime({ offset: true });

/** A bound's instant: a YYYY-MM-DD day's start (UTC) or an ISO date-time; null when it is neither. */
export const usageInstant = (s: string): Date | null => {
  if (dateOnly.test(s)) {
    const at = new Date(`${s}T00:00:00.000Z`);
    return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== s ? null : at;
  }
  if (!dateTime.safeParse(s).success) return null;
  const at = new Date(s);
  return Number.isNaN(at.getTime()) ? null : at;
};

const bound = (field: 'from' | 'to', required: string) =>
  z
    .string({ error: required })
    .max(limits.timestampLength, usageMessages.badTime(field))
    .refine((s) => usageInstant(s) !== null, usageMessages.badTime(field));

const common = {
  /** Inclusive start: a day (YYYY-MM-DD, UTC) or an ISO date-time. */
  from: bound('from', usageMessages.fromRequired),
  /** Exclusive end: a day (YYYY-MM-DD, UTC: that day's start) or an ISO date-time. */
  to: bound('to', usageMessages.toRequired),
  /** Only the requests of this model (its id). */
  model: boundedString('The model', limits.nameLength).optional(),
  /** CSV instead of JSON (as `Accept: text/csv` asks). */
  format: z.enum(usageFormats, { error: usageMessages.badFormat }).optional(),
  waitFor: z.string().max(limits.positionLength).regex(/^\d+$/, 'must be a whole number').optional(),
};

/** The bounds' rules, one clear message each: from < to, at most 366 days, by hour at most 31. */
const checkBounds = (q: { from: string; to: string; by: string }, ctx: z.RefinementCtx): void => {
  const from = usageInstant(q.from);
  const to = usageInstant(q.to);
  if (!from || !to) return;
  const days = (to.getTime() - from.getTime()) / dayMs;
  if (days <= 0) ctx.addIssue({ code: 'custom', message: usageMessages.fromBeforeTo });
  else if (days > usageBounds.maxDays)
    ctx.addIssue({ code: 'custom', message: usageMessages.tooLong(usageBounds.maxDays) });
  else if (q.by === 'hour' && days > usageBounds.maxHourDays)
    ctx.addIssue({ code: 'custom', message: usageMessages.hourTooLong(usageBounds.maxHourDays) });
};

/** GET /api/admin/usage?from=&to=&by=&group=&model=&format= */
export const UsageQuery = z
  .object({
    ...common,
    by: z.enum(usageGroupings, { error: usageMessages.badBy(usageGroupings) }).default('day'),
    /** Only the requests counted to this Amplify group (billing groups, as billed: see docs/architecture.md). */
    group: boundedString('The group', limits.nameLength).optional(),
  })
  .superRefine(checkBounds);
export type UsageQuery = z.infer<typeof UsageQuery>;

/** GET /api/usage?from=&to=&by=&model=&format=: the caller's own requests only. */
export const OwnUsageQuery = z
  .object({
    ...common,
    by: z.enum(ownUsageGroupings, { error: usageMessages.badBy(ownUsageGroupings) }).default('day'),
  })
  .superRefine(checkBounds);
export type OwnUsageQuery = z.infer<typeof OwnUsageQuery>;

export const UsageFigures = z.object({
  requests: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** Dollars. */
  cost: z.number(),
});
export type UsageFigures = z.infer<typeof UsageFigures>;

/**
 * One row of a report. `key`: by day 'YYYY-MM-DD'; by hour the hour's ISO start
 * ('2026-11-27T13:00:00.000Z'); by user the email; by group the group's name; by model the model's
 * id; by account the account (COA) id; by key the API key's id ('' for requests made signed in).
 */
export const UsageRow = UsageFigures.extend({
  key: z.string(),
  /** A readable name when the key is an id: the API key's application name, the account's name. */
  label: z.string().optional(),
  /** By model: the answers rated in the period (latest rating per answer), good = up, bad = down. */
  ratings: z.object({ up: z.number().int(), down: z.number().int() }).optional(),
});
export type UsageRow = z.infer<typeof UsageRow>;

/**
 * The report: rows in key order (days and hours ascending; the others by cost, highest first) and
 * the totals of the requests the filter selects. By group a request counts in each group it was
 * billed to, so the rows may add up to more than the totals.
 */
export const UsageResponse = successBody({
  rows: z.array(UsageRow),
  totals: UsageFigures,
});
export type UsageResponse = z.infer<typeof UsageResponse>;

/** The CSV's columns, in order (`ratingsUp`/`ratingsDown` empty outside by=model). */
export const usageCsvColumns = [
  'key',
  'label',
  'requests',
  'inputTokens',
  'outputTokens',
  'cost',
  'ratingsUp',
  'ratingsDown',
] as const;

/** One CSV cell: quoted when needed; text a spreadsheet would run as a formula is prefixed with '. */
const csvCell = (value: string | number | undefined): string => {
  if (value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The report's rows as CSV (RFC 4180, CRLF line ends, a header line): the same rows as the JSON. */
export const usageCsv = (rows: readonly UsageRow[]): string =>
  [
    usageCsvColumns.join(','),
    ...rows.map((r) =>
      [r.key, r.label, r.requests, r.inputTokens, r.outputTokens, r.cost, r.ratings?.up, r.ratings?.down]
        .map(csvCell)
        .join(','),
    ),
  ].join('\r\n') + '\r\n';

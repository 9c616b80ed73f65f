import { z } from 'zod';
import { boundedString } from '../bounded';
import { limits } from '../limits';
import { successBody } from '../success';

/**
 * The history of admin edits and sessions (docs/architecture.md, "Admin history"): who changed what,
 * from what to what, field by field, newest first. A secret's value is only ever its mask.
 */
export const adminHistoryRoutes = { history: '/api/admin/history' } as const;

/** The most rows one page answers; the default page is smaller. */
export const adminHistoryPageMax = 500;
export const adminHistoryPageDefault = 100;

export const historyKinds = ['changes', 'sessions'] as const;
export type HistoryKind = (typeof historyKinds)[number];

/** What a secret's value reads as in the history (its last characters never: the mask alone). */
export const historySecretMask = '••••';

/** The messages of the history route and view, once for both sides. */
export const adminHistoryMessages = {
  badKind: 'kind must be changes or sessions',
  badTime: (field: string) => `${field} must be an ISO time (2026-11-20T14:00:00Z)`,
  badCursor: 'cursor must be a cursor from a previous page',
  badLimit: `limit must be a whole number from 1 to ${adminHistoryPageMax}`,
  badFormat: 'format must be json or csv',
  sinceAfterUntil: 'since must be before until',
  noRows: 'No history matches these filters.',
  rowCount: (n: number) => (n === 1 ? '1 row' : `${n} rows`),
  title: 'History',
  exportCsv: 'Export CSV',
  loadMore: 'Load more',
} as const;

const isoTime = (field: string) =>
  z.iso.datetime({ offset: true, message: adminHistoryMessages.badTime(field) }).optional();

/** A page's cursor: the position and order of the last row seen ('<position>.<order>'). */
const cursorPattern = /^\d{1,19}\.\d{1,6}$/;

export const AdminHistoryQuery = z
  .object({
    section: boundedString('section', limits.streamIdLength).optional(),
    item: boundedString('item', limits.streamIdLength).optional(),
    actor: boundedString('actor', limits.emailLength).optional(),
    since: isoTime('since'),
    until: isoTime('until'),
    kind: z.enum(historyKinds, { message: adminHistoryMessages.badKind }).default('changes'),
    cursor: boundedString('cursor', 30).regex(cursorPattern, adminHistoryMessages.badCursor).optional(),
    limit: z.coerce
      .number({ message: adminHistoryMessages.badLimit })
      .int(adminHistoryMessages.badLimit)
      .min(1, adminHistoryMessages.badLimit)
      .max(adminHistoryPageMax, adminHistoryMessages.badLimit)
      .default(adminHistoryPageDefault),
    format: z.enum(['json', 'csv'], { message: adminHistoryMessages.badFormat }).optional(),
  })
  .refine((q) => !q.since || !q.until || new Date(q.since) < new Date(q.until), {
    message: adminHistoryMessages.sinceAfterUntil,
    path: ['since'],
  });
export type AdminHistoryQuery = z.infer<typeof AdminHistoryQuery>;

/**
 * One row: a field of an item of a section changed by an admin (kind 'changes'), or a session's
 * sign-in, sign-out or end (kind 'sessions': section 'sessions', item the user, field the event).
 * `from`/`to` are null where the field did not exist before / no longer exists.
 */
export const AdminHistoryRow = z.object({
  id: z.string(),
  kind: z.enum(historyKinds),
  at: z.string(),
  actor: z.string(),
  section: z.string(),
  item: z.string(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  event: z.string(),
  position: z.string(),
});
export type AdminHistoryRow = z.infer<typeof AdminHistoryRow>;

export const AdminHistoryResponse = successBody({
  data: z.array(AdminHistoryRow),
  /** The next page's cursor, null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminHistoryResponse = z.infer<typeof AdminHistoryResponse>;

/** The CSV's columns, in order (the export and the table say the same). */
export const adminHistoryColumns = [
  ['at', 'When'],
  ['actor', 'Admin'],
  ['section', 'Section'],
  ['item', 'Item'],
  ['field', 'Field'],
  ['from', 'From'],
  ['to', 'To'],
  ['event', 'Event'],
] as const satisfies readonly (readonly [keyof AdminHistoryRow, string])[];

const csvCell = (value: string | null): string => {
  const text = value ?? '';
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The rows as CSV (RFC 4180, CRLF), with a header row. */
export const adminHistoryCsv = (rows: readonly AdminHistoryRow[]): string =>
  [
    adminHistoryColumns.map(([, label]) => label).join(','),
    ...rows.map((r) => adminHistoryColumns.map(([key]) => csvCell(r[key])).join(',')),
  ].join('\r\n') + '\r\n';

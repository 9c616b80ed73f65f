import { sql } from 'kysely';
import {
  adminHistoryCsv,
  AdminHistoryQuery,
  AdminHistoryResponse,
  adminHistoryRoutes,
  type AdminHistoryRow,
} from '@app/contracts';
import { readRoute } from './read-route';

const wantsCsv = (format: string | undefined, accept: string | undefined): boolean =>
  format === 'csv' || (format === undefined && (accept ?? '').includes('text/csv'));

/**
 * GET /api/admin/history: the admin edits field by field (or the sessions' sign-ins, sign-outs and
 * ends), newest first, a page at a time, from the `adminHistory` projection (never the log); CSV
 * with `format=csv` or `Accept: text/csv`.
 */
export const adminHistoryRoute = readRoute({
  url: adminHistoryRoutes.history,
  who: 'admin',
  description:
    'Who changed what in the admin sections, from what to what, field by field (secrets as masks), newest first and paged; or the sign-ins, sign-outs and ended sessions (kind=sessions). CSV with format=csv or Accept: text/csv.',
  query: AdminHistoryQuery,
  answer: AdminHistoryResponse,
  handle: async ({ query: q }, { db }, reply) => {
    let query = db
      .selectFrom('rm_admin_history')
      .selectAll()
      .where('kind', '=', q.kind)
      .orderBy('position', 'desc')
      .orderBy('ord', 'desc')
      .limit(q.limit + 1);
    if (q.section) query = query.where('section', '=', q.section);
    if (q.item) query = query.where('item', '=', q.item);
    if (q.actor) query = query.where(sql<string>`lower(actor)`, '=', q.actor.trim().toLowerCase());
    if (q.since) query = query.where('recorded_at', '>=', new Date(q.since));
    if (q.until) query = query.where('recorded_at', '<', new Date(q.until));
    if (q.cursor) {
      const [position = '0', ord = '0'] = q.cursor.split('.');
      query = query.where(sql<boolean>`(position, ord) < (${position}::bigint, ${Number(ord)}::int)`);
    }
    const rows = await query.execute();
    const page = rows.slice(0, q.limit);
    const data: AdminHistoryRow[] = page.map((r) => ({
      id: `${r.position}.${r.ord}`,
      kind: r.kind === 'sessions' ? 'sessions' : 'changes',
      at: r.recorded_at.toISOString(),
      actor: r.actor,
      section: r.section,
      item: r.item,
      field: r.field,
      from: r.from_value,
      to: r.to_value,
      event: r.event_type,
      position: String(r.position),
    }));
    const last = data.at(-1);
    const nextCursor = rows.length > q.limit && last ? last.id : null;
    if (wantsCsv(q.format, reply.request.headers.accept))
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="admin-history-${q.kind}.csv"`)
        .header('x-next-cursor', nextCursor ?? '')
        .send(Buffer.from(adminHistoryCsv(data)));
    const answer: AdminHistoryResponse = { success: true, data, nextCursor };
    return answer;
  },
});

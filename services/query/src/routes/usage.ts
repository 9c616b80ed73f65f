import type { FastifyReply } from 'fastify';
import {
  OwnUsageQuery,
  UsageQuery,
  UsageResponse,
  usageCsv,
  usageRoutes,
  type UsageGrouping,
} from '@app/contracts';
import { normaliseEmail } from '@app/contracts';
import type { Db } from '@app/platform';
import { readUsage } from '../read/usage';
import { readRoute } from './read-route';

interface Asked {
  from: string;
  to: string;
  by: UsageGrouping;
  model?: string | undefined;
  group?: string | undefined;
  format?: 'json' | 'csv' | undefined;
}

/** CSV when `format=csv` or the caller accepts text/csv (and not JSON first). */
const wantsCsv = (format: Asked['format'], accept: string | undefined): boolean =>
  format === 'csv' ||
  (format === undefined && (accept ?? '').split(',')[0]?.trim().startsWith('text/csv') === true);

const answer = async (
  db: Db,
  q: Asked,
  user: string | undefined,
  accept: string | undefined,
  reply: FastifyReply,
) => {
  const report = await readUsage(db, { ...q, user });
  if (!wantsCsv(q.format, accept)) return report;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="usage-${q.by}.csv"`)
    .send(Buffer.from(usageCsv(report.rows)));
};

/** GET /api/admin/usage: everyone's usage from the roll-ups, as JSON or CSV (admins only). */
export const adminUsageRoute = readRoute({
  url: usageRoutes.admin,
  who: 'admin',
  description:
    "Chat usage (requests, tokens, cost) in [from, to) by day, hour, user, billing group, model, account or API key, from the usage roll-ups; CSV with 'format=csv' or 'Accept: text/csv'.",
  answer: UsageResponse,
  query: UsageQuery,
  handle: async ({ query }, { db }, reply) =>
    answer(db, query, undefined, reply.request.headers.accept, reply),
});

/** GET /api/usage: the caller's own usage only, as JSON or CSV. */
export const ownUsageRoute = readRoute({
  url: usageRoutes.own,
  who: 'user',
  description:
    "The caller's own chat usage (requests, tokens, cost) in [from, to) by day, hour, model, account or API key; CSV with 'format=csv' or 'Accept: text/csv'.",
  answer: UsageResponse,
  query: OwnUsageQuery,
  handle: async ({ principal, query }, { db }, reply) =>
    answer(db, query, normaliseEmail(principal), reply.request.headers.accept, reply),
});

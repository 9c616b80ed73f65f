import { sql, type RawBuilder } from 'kysely';
import {
  usageInstant,
  usageMessages,
  type UsageFigures,
  type UsageGrouping,
  type UsageResponse,
  type UsageRow,
} from '@app/contracts';
import type { Db } from '@app/platform';

/** What a usage report selects: [from, to), grouped `by`, narrowed to a group, a model, a user. */
export interface UsageFilter {
  from: string;
  to: string;
  by: UsageGrouping;
  group?: string | undefined;
  model?: string | undefined;
  /** Only this user's requests (a user's own report). */
  user?: string | undefined;
}

const dayMs = 24 * 3600 * 1000;
const isDayStart = (at: Date) => at.getTime() % dayMs === 0;

const keyOf: Record<UsageGrouping, RawBuilder<string>> = {
  day: sql<string>`to_char(bucket at time zone 'UTC', 'YYYY-MM-DD')`,
  hour: sql<string>`to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00.000Z"')`,
  user: sql<string>`user_email`,
  group: sql<string>`group_name`,
  model: sql<string>`model`,
  account: sql<string>`account_id`,
  key: sql<string>`api_key_id`,
};

interface SummedRow {
  key: string;
  requests: string;
  input_tokens: string;
  output_tokens: string;
  cost: number;
}

const figures = (r: Omit<SummedRow, 'key'> | undefined): UsageFigures => ({
  requests: Number(r?.requests ?? 0),
  inputTokens: Number(r?.input_tokens ?? 0),
  outputTokens: Number(r?.output_tokens ?? 0),
  cost: Math.round((r?.cost ?? 0) * 1e9) / 1e9,
});

/**
 * Which roll-ups a filter reads: day rows when both bounds are day starts (and not by hour), else
 * hour rows: a bucket counts when it starts in [from, to).
 */
const grainOf = (f: UsageFilter): 'd' | 'h' => {
  const from = usageInstant(f.from) ?? new Date(0);
  const to = usageInstant(f.to) ?? new Date(0);
  return f.by !== 'hour' && isDayStart(from) && isDayStart(to) ? 'd' : 'h';
};

/** The roll-up rows a filter selects (the primary key's (grain, group_name, bucket) range). */
const where = (f: UsageFilter, forGroups: boolean): RawBuilder<unknown> => {
  const group =
    f.group !== undefined
      ? sql`group_name = ${f.group}`
      : forGroups
        ? sql`group_name <> ''`
        : sql`group_name = ''`;
  const parts = [
    sql`grain = ${grainOf(f)}`,
    group,
    sql`bucket >= ${usageInstant(f.from) ?? new Date(0)}`,
    sql`bucket < ${usageInstant(f.to) ?? new Date(0)}`,
  ];
  if (f.model !== undefined) parts.push(sql`model = ${f.model}`);
  if (f.user !== undefined) parts.push(sql`user_email = ${f.user}`);
  return sql.join(parts, sql` and `);
};

/**
 * What the rows are grouped by and how their key is written. By day over day rows, and by hour,
 * each bucket is its own row: grouped by the bucket itself, its text written once per row of the
 * answer rather than once per roll-up read.
 */
const grouping = (f: UsageFilter): { by: RawBuilder<unknown>; key: RawBuilder<string> } => {
  const format = f.by === 'hour' ? 'YYYY-MM-DD"T"HH24":00:00.000Z"' : 'YYYY-MM-DD';
  if (f.by === 'hour' || (f.by === 'day' && grainOf(f) === 'd'))
    return { by: sql`bucket`, key: sql<string>`to_char(bucket at time zone 'UTC', ${sql.lit(format)})` };
  return { by: sql`1`, key: keyOf[f.by] };
};

const sums = sql`sum(requests)::text as requests, sum(input_tokens)::text as input_tokens,
  sum(output_tokens)::text as output_tokens, sum(cost) as cost`;

/** Readable names for ids: API keys' application names, accounts' names. */
const labelsFor = async (db: Db, f: UsageFilter, keys: string[]): Promise<Map<string, string>> => {
  const labels = new Map<string, string>();
  if (f.by === 'key') {
    const ids = keys.filter((k) => k !== '');
    const known = ids.length
      ? await db
          .selectFrom('api_keys')
          .select([sql<string>`id::text`.as('id'), 'application_name'])
          .where(sql<string>`id::text`, 'in', ids)
          .execute()
      : [];
    for (const k of known) labels.set(k.id, k.application_name);
    for (const k of keys)
      if (!labels.has(k)) labels.set(k, k === '' ? usageMessages.noApiKey : usageMessages.unknownApiKey);
  }
  if (f.by === 'account' && keys.length > 0) {
    let q = db.selectFrom('rm_spend_accounts').select(['account_id', 'name']).where('account_id', 'in', keys);
    if (f.user !== undefined) q = q.where('email', '=', f.user);
    for (const a of await q.orderBy('email').execute())
      if (!labels.has(a.account_id)) labels.set(a.account_id, a.name);
  }
  return labels;
};

/** By model: each model's answers rated in [from, to), the latest rating of each counted. */
const ratingsByModel = async (db: Db, f: UsageFilter) => {
  const parts = [sql`rated_at >= ${usageInstant(f.from)}`, sql`rated_at < ${usageInstant(f.to)}`];
  if (f.model !== undefined) parts.push(sql`model = ${f.model}`);
  if (f.user !== undefined) parts.push(sql`user_email = ${f.user}`);
  if (f.group !== undefined) parts.push(sql`${f.group} = any(groups)`);
  const { rows } = await sql<{ model: string; up: number; down: number }>`
    select model, count(*) filter (where rating = 'good')::int as up,
      count(*) filter (where rating = 'bad')::int as down
    from rm_usage_ratings where ${sql.join(parts, sql` and `)} group by model`.execute(db);
  return rows;
};

const byTime = (by: UsageGrouping) => by === 'day' || by === 'hour';

/** The rows' totals, summed over the grouped rows in the same statement (no second scan). */
const totalsOver = sql`(sum(sum(requests)) over ())::text as total_requests,
  (sum(sum(input_tokens)) over ())::text as total_input_tokens,
  (sum(sum(output_tokens)) over ())::text as total_output_tokens, sum(sum(cost)) over () as total_cost`;

interface TotalledRow extends SummedRow {
  total_requests: string;
  total_input_tokens: string;
  total_output_tokens: string;
  total_cost: number;
}

/**
 * The grouped rows and the totals. Outside the billing groups' report, the totals are the sums of
 * the same roll-ups the rows are: one statement, one scan. By group (no group asked) the rows are the
 * groups' roll-ups and the totals the requests' own ('' group): two ranges, each read once.
 */
const readRows = async (db: Db, f: UsageFilter): Promise<{ rows: SummedRow[]; totals: UsageFigures }> => {
  const { by, key } = grouping(f);
  if (f.by === 'group' && f.group === undefined) {
    const grouped = await sql<SummedRow>`
      select ${key} as key, ${sums} from rm_usage_rollups where ${where(f, true)} group by ${by}`.execute(db);
    const total = await sql<Omit<SummedRow, 'key'>>`
      select ${sums} from rm_usage_rollups where ${where(f, false)}`.execute(db);
    return { rows: grouped.rows, totals: figures(total.rows[0]) };
  }
  const { rows } = await sql<TotalledRow>`
    select ${key} as key, ${sums}, ${totalsOver} from rm_usage_rollups
    where ${where(f, false)} group by ${by}`.execute(db);
  const first = rows[0];
  const totals = first && {
    requests: first.total_requests,
    input_tokens: first.total_input_tokens,
    output_tokens: first.total_output_tokens,
    cost: first.total_cost,
  };
  return { rows, totals: figures(totals) };
};

/** A usage report from the roll-ups (docs/architecture.md "Usage roll-ups"): never from the log. */
export const readUsage = async (db: Db, f: UsageFilter): Promise<UsageResponse> => {
  // By model the ratings are a read of their own: asked beside the roll-ups, not after them.
  const [grouped, ratings] = await Promise.all([
    readRows(db, f),
    f.by === 'model' ? ratingsByModel(db, f) : Promise.resolve([]),
  ]);
  const labels = await labelsFor(
    db,
    f,
    grouped.rows.map((r) => r.key),
  );
  const rows: UsageRow[] = grouped.rows.map((r) => {
    const label = labels.get(r.key);
    return { key: r.key, ...(label === undefined ? {} : { label }), ...figures(r) };
  });
  if (f.by === 'model') {
    for (const rating of ratings) {
      const row = rows.find((r) => r.key === rating.model);
      const ratings = { up: rating.up, down: rating.down };
      if (row) row.ratings = ratings;
      else rows.push({ key: rating.model, ...figures(undefined), ratings });
    }
  }
  rows.sort((a, b) =>
    byTime(f.by) ? a.key.localeCompare(b.key) : b.cost - a.cost || a.key.localeCompare(b.key),
  );
  return { success: true, rows, totals: grouped.totals };
};

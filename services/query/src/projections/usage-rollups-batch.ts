import { sql } from 'kysely';
import { normaliseEmail, type ChatUsage, type RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Applied } from './projection';
import { loadBillingMembers, UsageGroupsInMemory, type BillingMembers } from './usage-billing';
import { usageBuckets, usageIdsOf, usageStepOf, type UsageEvent, type UsageStep } from './usage-fold';

/** A request asked and not ended yet (an rm_usage_open row). */
interface OpenRequest {
  user_email: string;
  model: string;
  account_id: string;
  api_key_id: string;
  groups: readonly string[];
}

/** One request's end counted in one roll-up row (the row's key, and what it adds). */
interface Counted {
  grain: 'd' | 'h';
  groupName: string;
  bucket: string;
  request: OpenRequest;
  usage: ChatUsage;
}

/** An answer's ratings in the batch: whose and which groups from its first, the rating from its last. */
interface Rating {
  email: string;
  model: string;
  groups: readonly string[];
  rating: string;
  ratedAt: string;
}

interface Step {
  step: UsageStep;
  email: string;
  at: Date;
}

const text = (value: unknown, what: string): string => {
  if (typeof value !== 'string') throw new TypeError(`a usage event has no ${what}`);
  return value;
};

const counts = (usage: ChatUsage): ChatUsage => {
  for (const n of [usage.inputTokens, usage.outputTokens, usage.cachedTokens])
    if (!Number.isSafeInteger(n)) throw new TypeError('a usage event counts tokens that are not whole');
  if (!Number.isFinite(usage.cost)) throw new TypeError('a usage event has no cost');
  return usage;
};

/**
 * The batch folded in memory as `apply` folds it event by event: the open requests it asks or ends
 * (read once), the roll-up rows their ends count in, the latest ratings, and the groups when it
 * changes them. Anything `apply` might write differently (a field missing) throws, and the runner
 * folds the batch again with `apply`.
 */
const foldInMemory = (
  steps: readonly Step[],
  open: Map<string, OpenRequest>,
  billing: BillingMembers,
  groups: UsageGroupsInMemory | null,
) => {
  const counted: Counted[] = [];
  const ratings = new Map<string, Rating>();
  let members = billing;
  const groupsOf = (email: string) => members.get(email) ?? [];
  for (const { step, email, at } of steps) {
    if (step.kind === 'asked') {
      const requestId = text(step.data.requestId, 'request id');
      if (open.has(requestId)) continue;
      const apiKeyId = step.data.via?.apiKeyId ?? '';
      open.set(requestId, {
        user_email: email,
        model: text(step.data.model, 'model'),
        account_id: text(step.data.accountId, 'account'),
        api_key_id: text(apiKeyId, 'API key'),
        groups: groupsOf(email),
      });
    } else if (step.kind === 'ended') {
      // `apply` reads the usage's fields whether the request is open or not.
      if (step.usage === null || typeof step.usage !== 'object')
        throw new TypeError('a usage event has no usage');
      const request = open.get(text(step.requestId, 'request id'));
      if (!request) continue;
      open.delete(step.requestId);
      const usage = counts(step.usage);
      const { day, hour } = usageBuckets(at);
      for (const [grain, bucket] of [
        ['d', day.toISOString()],
        ['h', hour.toISOString()],
      ] as const)
        for (const groupName of ['', ...request.groups])
          counted.push({ grain, groupName, bucket, request, usage });
    } else if (step.kind === 'rated') {
      const d = step.event.data;
      const requestId = text(d.requestId, 'request id');
      const first = ratings.get(requestId) ?? {
        email,
        model: text(d.model, 'model'),
        groups: groupsOf(email),
      };
      ratings.set(requestId, { ...first, rating: text(d.rating, 'rating'), ratedAt: at.toISOString() });
    } else if (groups) {
      groups.fold(step.event);
      members = groups.billing;
    }
  }
  return { counted, ratings };
};

/** The open requests among `requestIds`, read once. */
const loadOpen = async (trx: Db, requestIds: readonly string[]): Promise<Map<string, OpenRequest>> => {
  if (requestIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('rm_usage_open')
    .selectAll()
    .where('request_id', 'in', [...new Set(requestIds)])
    .execute();
  return new Map(rows.map(({ request_id, ...row }) => [request_id, row]));
};

/** A list of group names as the column keeps it: sorted as `order by group_name` sorts. */
const sortedGroups = (jsonColumn: string) =>
  sql`coalesce((select array_agg(g order by g) from jsonb_array_elements_text(${sql.ref(jsonColumn)}::jsonb) as g), '{}')`;

/** The open rows as the batch leaves them, in one statement: ended ones deleted, newly asked ones inserted. */
const saveOpen = async (
  trx: Db,
  before: ReadonlyMap<string, OpenRequest>,
  after: ReadonlyMap<string, OpenRequest>,
) => {
  const gone = [...before.keys()].filter((id) => !after.has(id));
  const asked = [...after].filter(([id, row]) => before.get(id) !== row);
  if (gone.length === 0 && asked.length === 0) return;
  const col = <T>(pick: (row: OpenRequest, id: string) => T) => asked.map(([id, row]) => pick(row, id));
  await sql`
    with gone as (delete from rm_usage_open where request_id = any(${gone}::text[]))
    insert into rm_usage_open as o (request_id, user_email, model, account_id, api_key_id, groups)
    select request_id, user_email, model, account_id, api_key_id, ${sortedGroups('u.groups')}
    from unnest(${col((_, id) => id)}::text[], ${col((r) => r.user_email)}::text[], ${col((r) => r.model)}::text[],
                ${col((r) => r.account_id)}::text[], ${col((r) => r.api_key_id)}::text[],
                ${col((r) => JSON.stringify(r.groups))}::text[])
      as u(request_id, user_email, model, account_id, api_key_id, groups)
    on conflict (request_id) do update set user_email = excluded.user_email, model = excluded.model,
      account_id = excluded.account_id, api_key_id = excluded.api_key_id, groups = excluded.groups`.execute(
    trx,
  );
};

/**
 * Every end the batch counts, added to its roll-up rows in one statement, each row written once. The
 * sums are taken in the database after the row's current values, in log order (`sum(cost order by
 * ord)` adds left to right), so the double precision costs come out bit for bit as `apply`'s.
 */
const saveCounted = async (trx: Db, counted: readonly Counted[]) => {
  if (counted.length === 0) return;
  const col = <T>(pick: (c: Counted) => T) => counted.map(pick);
  await sql`
    with c as (
      select * from unnest(${col((c) => c.grain)}::text[], ${col((c) => c.groupName)}::text[],
          ${col((c) => c.bucket)}::timestamptz[], ${col((c) => c.request.user_email)}::text[],
          ${col((c) => c.request.model)}::text[], ${col((c) => c.request.account_id)}::text[],
          ${col((c) => c.request.api_key_id)}::text[], ${col((c) => c.usage.inputTokens)}::bigint[],
          ${col((c) => c.usage.outputTokens)}::bigint[], ${col((c) => c.usage.cachedTokens)}::bigint[],
          ${col((c) => c.usage.cost)}::float8[])
        with ordinality as c(grain, group_name, bucket, user_email, model, account_id, api_key_id,
          input_tokens, output_tokens, cached_tokens, cost, ord)
    )
    insert into rm_usage_rollups (grain, group_name, bucket, user_email, model, account_id, api_key_id,
      requests, input_tokens, output_tokens, cached_tokens, cost)
    select grain, group_name, bucket, user_email, model, account_id, api_key_id, sum(requests)::bigint,
      sum(input_tokens)::bigint, sum(output_tokens)::bigint, sum(cached_tokens)::bigint, sum(cost order by ord)
    from (
      select r.grain, r.group_name, r.bucket, r.user_email, r.model, r.account_id, r.api_key_id, r.requests,
        r.input_tokens, r.output_tokens, r.cached_tokens, r.cost, 0::bigint as ord
      from rm_usage_rollups as r
      join (select distinct grain, group_name, bucket, user_email, model, account_id, api_key_id from c) as k
        using (grain, group_name, bucket, user_email, model, account_id, api_key_id)
      union all
      select grain, group_name, bucket, user_email, model, account_id, api_key_id, 1::bigint,
        input_tokens, output_tokens, cached_tokens, cost, ord
      from c
    ) as a
    group by grain, group_name, bucket, user_email, model, account_id, api_key_id
    on conflict (grain, group_name, bucket, user_email, model, account_id, api_key_id) do update set
      requests = excluded.requests, input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
      cached_tokens = excluded.cached_tokens, cost = excluded.cost`.execute(trx);
};

/** Each answer's latest rating, in one statement (whose and which groups stay those of its first rating). */
const saveRatings = async (trx: Db, ratings: ReadonlyMap<string, Rating>) => {
  if (ratings.size === 0) return;
  const rows = [...ratings];
  const col = <T>(pick: (r: Rating, id: string) => T) => rows.map(([id, r]) => pick(r, id));
  await sql`
    insert into rm_usage_ratings (request_id, user_email, model, groups, rating, rated_at)
    select request_id, user_email, model, ${sortedGroups('u.groups')}, rating, rated_at
    from unnest(${col((_, id) => id)}::text[], ${col((r) => r.email)}::text[], ${col((r) => r.model)}::text[],
                ${col((r) => JSON.stringify(r.groups))}::text[], ${col((r) => r.rating)}::text[],
                ${col((r) => r.ratedAt)}::timestamptz[])
      as u(request_id, user_email, model, groups, rating, rated_at)
    on conflict (request_id) do update set rating = excluded.rating, rated_at = excluded.rated_at`.execute(
    trx,
  );
};

/**
 * The live runner's batch (Projection.applyMany): read what it needs once (the open requests it names,
 * its requesters' billing groups, or every group when it changes them), fold in memory, then write each
 * table once: at most two reads and three writes, and two more when it changes groups.
 */
export const foldUsageMany = async (
  events: readonly { event: UsageEvent; recorded: RecordedEvent }[],
  trx: Db,
): Promise<Applied[]> => {
  const steps: Step[] = events.map(({ event, recorded }) => ({
    step: usageStepOf(event),
    email: normaliseEmail(recorded.metadata.actor.email),
    at: new Date(recorded.recordedAt),
  }));
  const requestIds = steps.flatMap(({ step }) =>
    step.kind === 'asked' ? [step.data.requestId] : step.kind === 'ended' ? [step.requestId] : [],
  );
  const groups = steps.some(({ step }) => step.kind === 'group') ? await UsageGroupsInMemory.load(trx) : null;
  const billing =
    groups?.billing ??
    (await loadBillingMembers(
      trx,
      steps.flatMap(({ step, email }) => (step.kind === 'asked' || step.kind === 'rated' ? [email] : [])),
    ));
  const before = await loadOpen(
    trx,
    requestIds.map((id) => text(id, 'request id')),
  );
  const after = new Map(before);
  const { counted, ratings } = foldInMemory(steps, after, billing, groups);
  await saveOpen(trx, before, after);
  await saveCounted(trx, counted);
  await saveRatings(trx, ratings);
  await groups?.save(trx);
  return steps.map(({ step }) => usageIdsOf(step));
};

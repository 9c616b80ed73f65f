import { sql } from 'kysely';
import { normaliseEmail, type ChatUsage, type ChatVia, type FeedbackEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';
import { usageBuckets, usageEventTypes, type UsageEvent } from './usage-fold';
import { foldUsageGroup } from './usage-groups';
import { foldUsageMany } from './usage-rollups-batch';

export { usageBuckets } from './usage-fold';

const billingGroupsOf = (email: string) =>
  sql<
    string[]
  >`array(select group_name from rm_usage_billing_members where email = ${email} order by group_name)`;

/** A request asked: kept until its end, with whose it is and the billing groups of its requester now. */
const opened = async (
  trx: Db,
  d: { requestId: string; model: string; accountId: string; via?: ChatVia | undefined },
  email: string,
) => {
  await sql`
    insert into rm_usage_open (request_id, user_email, model, account_id, api_key_id, groups)
    values (${d.requestId}, ${email}, ${d.model}, ${d.accountId}, ${d.via?.apiKeyId ?? ''}, ${billingGroupsOf(email)})
    on conflict (request_id) do nothing`.execute(trx);
};

/**
 * A request ended: counted once (its open row is taken) in its day's and its hour's rows, for the
 * request itself (group '') and each billing group it was counted to when asked.
 */
const ended = async (trx: Db, requestId: string, usage: ChatUsage, at: Date) => {
  const { day, hour } = usageBuckets(at);
  await sql`
    with ended as (delete from rm_usage_open where request_id = ${requestId} returning *)
    insert into rm_usage_rollups as r (grain, group_name, bucket, user_email, model, account_id,
      api_key_id, requests, input_tokens, output_tokens, cached_tokens, cost)
    select b.grain, g.group_name, b.bucket, e.user_email, e.model, e.account_id, e.api_key_id, 1,
      ${usage.inputTokens}, ${usage.outputTokens}, ${usage.cachedTokens}, ${usage.cost}
    from ended as e
    cross join (values ('d', ${day}::timestamptz), ('h', ${hour}::timestamptz)) as b(grain, bucket)
    cross join lateral unnest(array['']::text[] || e.groups) as g(group_name)
    on conflict (grain, group_name, bucket, user_email, model, account_id, api_key_id) do update set
      requests = r.requests + 1,
      input_tokens = r.input_tokens + excluded.input_tokens,
      output_tokens = r.output_tokens + excluded.output_tokens,
      cached_tokens = r.cached_tokens + excluded.cached_tokens,
      cost = r.cost + excluded.cost`.execute(trx);
};

/** An answer rated: its latest rating counts, at the time it was given. */
const rated = async (trx: Db, event: FeedbackEvent, email: string, at: Date) => {
  const d = event.data;
  await sql`
    insert into rm_usage_ratings (request_id, user_email, model, groups, rating, rated_at)
    values (${d.requestId}, ${email}, ${d.model}, ${billingGroupsOf(email)}, ${d.rating}, ${at})
    on conflict (request_id) do update set rating = excluded.rating, rated_at = excluded.rated_at`.execute(
    trx,
  );
};

/**
 * Usage roll-ups (docs/architecture.md "Usage roll-ups"): chat and embeddings requests summed per UTC day and hour,
 * user, model, account, API key and billing group, read by the usage reports instead of the log. The
 * live runner's batches (`applyMany`) are folded in memory and write each table once.
 */
export const usageRollupsProjection = tableProjection<UsageEvent>(
  { name: 'usageRollups', readModel: null },
  ['rm_usage_rollups', 'rm_usage_open', 'rm_usage_groups', 'rm_usage_billing_members', 'rm_usage_ratings'],
  {
    eventTypes: usageEventTypes,
    applyMany: foldUsageMany,
    apply: async (event, recorded, trx) => {
      const email = normaliseEmail(recorded.metadata.actor.email);
      const at = new Date(recorded.recordedAt);
      // A chat request, or an embeddings call (the OpenAI-compatible API): counted the same way.
      if (event.type === 'ChatRequested' || event.type === 'EmbeddingsRequested') {
        await opened(trx, event.data, email);
        return [event.data.requestId];
      }
      if (event.type === 'EmbeddingsCompleted' || event.type === 'EmbeddingsFailed') {
        const { inputTokens, cost } = event.data.usage;
        await ended(trx, event.data.requestId, { inputTokens, outputTokens: 0, cachedTokens: 0, cost }, at);
        return [event.data.requestId];
      }
      if (event.type === 'ChatCompleted' || event.type === 'ChatStopped' || event.type === 'ChatFailed') {
        await ended(trx, event.data.requestId, event.data.usage, at);
        return [event.data.requestId];
      }
      if (event.type === 'AnswerRated') {
        await rated(trx, event, email, at);
        return [event.data.requestId];
      }
      await foldUsageGroup(trx, event);
      return [event.data.groupName];
    },
  },
);

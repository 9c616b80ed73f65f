import { randomUUID } from 'node:crypto';
import { sectionLabels, type Actor, type EventMetadata, type SectionType } from '@app/contracts';
import { DomainError, inTransaction, type AllowList, type Db, type SecretBox } from '@app/platform';
import { saveRuleRefusals, sectionHandlers } from '../configurations/index';
import type { CommandOutcome } from '../shared/handle-command';
import type { SectionPlan } from './plan';

export interface ApplyOptions {
  actor: Actor;
  secrets: SecretBox;
  /** OUTBOUND_ALLOW: where an endpoint may be saved without a key (as for an admin's save). */
  endpointAllow?: AllowList;
  /** The request's metadata when an HTTP request applies the plans (its ids); else fresh ones. */
  metadata?: EventMetadata;
}

export interface Applied {
  /** Events appended per section. */
  appended: Partial<Record<SectionType, number>>;
  position: string;
}

const freshMetadata = (actor: Actor): EventMetadata => {
  const id = randomUUID();
  return { actor, commandId: id, correlationId: id, causationId: id, requestId: id, schemaVersion: 1 };
};

/**
 * Runs each plan's command through the save's own handler (the section's decider, its sealing and
 * shredding) after the save's cross-tab rules, all in one transaction: a section refused (its rule,
 * its decider, a stale version) refuses the whole import, and nothing is appended.
 */
export const applyPlans = async (
  db: Db,
  plans: readonly SectionPlan[],
  o: ApplyOptions,
): Promise<Applied> => {
  const changed = plans.flatMap((p) => (p.data === null ? [] : [{ type: p.section, data: p.data }]));
  if (changed.length === 0) return { appended: {}, position: '0' };
  const base = o.metadata ?? freshMetadata(o.actor);
  return inTransaction(db, async (trx) => {
    const refusals = await saveRuleRefusals(trx, changed);
    const refused = [...refusals.entries()][0];
    if (refused) throw new DomainError(`${sectionLabels[refused[0]]}: ${refused[1]}`);
    const appended: Applied['appended'] = {};
    let position = '0';
    for (const { type, data } of changed) {
      const handler = sectionHandlers[type] as (d: Db, x: unknown, opts: object) => Promise<CommandOutcome>;
      const metadata = { ...base, commandId: `${base.commandId}:${type}` };
      const outcome = await handler(trx, data, {
        metadata,
        secrets: o.secrets,
        ...(o.endpointAllow ? { endpointAllow: o.endpointAllow } : {}),
      }).catch((e: unknown) => {
        throw e instanceof DomainError ? new DomainError(`${sectionLabels[type]}: ${e.message}`) : e;
      });
      appended[type] = outcome.eventCount;
      if (outcome.eventCount > 0 && BigInt(outcome.position) > BigInt(position)) position = outcome.position;
    }
    return { appended, position };
  });
};

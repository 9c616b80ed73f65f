import { amplifyGroupsStreamId, membersOf, retentionStreamId, type RetentionSection } from '@app/contracts';
import type { Db } from '@app/platform';
import { amplifyGroupsDecider } from '../configurations/index';
import { loadState } from '../shared/stream-state';
import { retentionFold } from '../shared/retention-fold';

/** The Retention section as its stream holds it now (the decider's fold). */
export const currentRetention = async (db: Db): Promise<RetentionSection> =>
  (await loadState(db, retentionFold, retentionStreamId)).state;

/**
 * Everyone on legal hold: the users listed, and the members of every group listed (with the groups
 * they include), as the Amplify groups' stream holds them now. A group no longer there holds no one.
 */
export const heldEmails = async (db: Db, retention: RetentionSection): Promise<Set<string>> => {
  const held = new Set(retention.legalHoldUsers);
  if (retention.legalHoldGroups.length === 0) return held;
  const groups = (await loadState(db, amplifyGroupsDecider, amplifyGroupsStreamId)).state;
  for (const name of retention.legalHoldGroups)
    if (Object.hasOwn(groups, name)) for (const email of membersOf(groups, name)) held.add(email);
  return held;
};

import type { Db } from '@app/platform';
import { readGroupsOf } from './amplify-groups';

/** Where a user's Amplify groups come from (the query service defaults to the groups read model). */
export type GroupMembership = (email: string) => Promise<string[]>;

/** A user's Amplify groups from the groups read model: explicit membership plus inclusions, transitively. */
export const groupMembershipFrom =
  (db: Db): GroupMembership =>
  (email) =>
    readGroupsOf(db, email);

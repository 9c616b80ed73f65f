import type { Db } from '@app/platform';
import type { GroupMembership } from '../routes/feature-flags';
import { readGroupsOf } from './amplify-groups';

/** A user's Amplify groups from the groups read model: explicit membership plus inclusions, transitively. */
export const groupMembershipFrom =
  (db: Db): GroupMembership =>
  (email) =>
    readGroupsOf(db, email);

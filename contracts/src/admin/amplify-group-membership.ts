import { normaliseEmail } from '../email';

/**
 * Amplify group membership: a group's members are its explicit emails plus,
 * transitively, the members of the groups it includes. Pure and cycle-safe, so the web, the query
 * side and the deciders resolve it the same way.
 */
export interface GroupMembershipShape {
  members: readonly string[];
  includeFromOtherGroups?: readonly string[] | undefined;
}
export type GroupsByName = Readonly<Record<string, GroupMembershipShape>>;

const own = (groups: GroupsByName, name: string): GroupMembershipShape | undefined =>
  Object.hasOwn(groups, name) ? groups[name] : undefined;

/** Every group `email` belongs to, directly or through inclusions, sorted by name. */
export const groupsOf = (groups: GroupsByName, email: string): string[] => {
  const who = normaliseEmail(email);
  const includedBy = new Map<string, string[]>();
  for (const [name, group] of Object.entries(groups)) {
    for (const included of group.includeFromOtherGroups ?? []) {
      const parents = includedBy.get(included);
      if (parents) parents.push(name);
      else includedBy.set(included, [name]);
    }
  }
  const found = new Set(Object.keys(groups).filter((name) => own(groups, name)?.members.includes(who)));
  const queue = [...found];
  for (let i = 0; i < queue.length; i += 1) {
    for (const parent of includedBy.get(queue[i] ?? '') ?? []) {
      if (!found.has(parent)) {
        found.add(parent);
        queue.push(parent);
      }
    }
  }
  return [...found].sort();
};

/** Every member of `groupName`: its own emails, then those of the groups it includes, transitively. */
export const membersOf = (groups: GroupsByName, groupName: string): string[] => {
  const members = new Set<string>();
  const seen = new Set<string>([groupName]);
  const queue = [groupName];
  for (let i = 0; i < queue.length; i += 1) {
    const group = own(groups, queue[i] ?? '');
    if (!group) continue;
    for (const m of group.members) members.add(m);
    for (const included of group.includeFromOtherGroups ?? []) {
      if (!seen.has(included)) {
        seen.add(included);
        queue.push(included);
      }
    }
  }
  return [...members];
};

/** Whether `email` belongs to `groupName`, directly or through inclusions. */
export const isMemberOf = (groups: GroupsByName, groupName: string, email: string): boolean =>
  membersOf(groups, groupName).includes(normaliseEmail(email));

/**
 * The first inclusion cycle found, as the path that closes it (['A', 'B', 'A']: A includes B, which
 * includes A; ['A', 'A']: A includes itself), or null when there is none. Groups are visited in
 * name order, so the answer does not depend on the order the groups came in. Iterative, so a long
 * chain of inclusions cannot overflow the stack.
 */
export const findInclusionCycle = (groups: GroupsByName): string[] | null => {
  const done = new Set<string>();
  const includedIn = (name: string) => [...(own(groups, name)?.includeFromOtherGroups ?? [])].sort();
  for (const root of Object.keys(groups).sort()) {
    if (done.has(root)) continue;
    const path: string[] = [root];
    const onPath = new Set<string>([root]);
    const pending: string[][] = [includedIn(root)];
    while (path.length > 0) {
      const next = pending[pending.length - 1]?.shift();
      if (next === undefined) {
        const finished = path.pop() ?? '';
        onPath.delete(finished);
        done.add(finished);
        pending.pop();
        continue;
      }
      if (onPath.has(next)) return [...path.slice(path.indexOf(next)), next];
      if (done.has(next)) continue;
      path.push(next);
      onPath.add(next);
      pending.push(includedIn(next));
    }
  }
  return null;
};

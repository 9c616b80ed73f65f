import type { ExportedTurn } from './conversation-export';

/**
 * The tree of an exported conversation's turns: each turn follows its parent (null: a first turn);
 * the turns following the same one are its versions, in the file's order.
 */
export const versionsAfter = (turns: readonly ExportedTurn[]): Map<string | null, ExportedTurn[]> => {
  const children = new Map<string | null, ExportedTurn[]>();
  for (const turn of turns)
    children.set(turn.parentRequestId, [...(children.get(turn.parentRequestId) ?? []), turn]);
  return children;
};

/** The version read among `siblings`: the chosen one, else the newest (the last). */
export const readVersion = (siblings: readonly ExportedTurn[]): ExportedTurn | undefined =>
  siblings.find((s) => s.chosen) ?? siblings.at(-1);

/** The thread read from `from` (null: the first turn) down, at each turn the version read. */
export const threadFrom = (
  children: ReadonlyMap<string | null, readonly ExportedTurn[]>,
  from: string | null,
): ExportedTurn[] => {
  const thread: ExportedTurn[] = [];
  const seen = new Set<string>();
  let picked = readVersion(children.get(from) ?? []);
  while (picked !== undefined && !seen.has(picked.requestId)) {
    seen.add(picked.requestId);
    thread.push(picked);
    picked = readVersion(children.get(picked.requestId) ?? []);
  }
  return thread;
};

export type TreeProblem = { kind: 'duplicate' | 'noParent'; requestId: string };

/**
 * The turns ordered parents first (each sibling group in its order), or the first problem: a
 * request id twice, or a turn following one that is not there (which also catches a cycle).
 */
export const orderedTree = (turns: readonly ExportedTurn[]): ExportedTurn[] | TreeProblem => {
  const ids = new Set<string>();
  for (const turn of turns) {
    if (ids.has(turn.requestId)) return { kind: 'duplicate', requestId: turn.requestId };
    ids.add(turn.requestId);
  }
  const children = versionsAfter(turns);
  const ordered: ExportedTurn[] = [];
  const queue: (string | null)[] = [null];
  while (queue.length > 0) {
    const parent = queue.shift() ?? null;
    for (const child of children.get(parent) ?? []) {
      ordered.push(child);
      queue.push(child.requestId);
    }
  }
  if (ordered.length === turns.length) return ordered;
  const placed = new Set(ordered.map((t) => t.requestId));
  const stray = turns.find((t) => !placed.has(t.requestId));
  return { kind: 'noParent', requestId: stray?.requestId ?? '' };
};

/** At most one chosen version per turn: the last one marked chosen keeps it. */
export const oneChosenPerTurn = (turns: readonly ExportedTurn[]): ExportedTurn[] => {
  const chosen = new Map<string | null, string>();
  for (const t of turns) if (t.chosen) chosen.set(t.parentRequestId, t.requestId);
  return turns.map((t) => ({ ...t, chosen: chosen.get(t.parentRequestId) === t.requestId }));
};

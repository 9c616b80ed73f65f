import { AssistantTool, assistantLimits, type ListedOp } from '@app/contracts';

/** One row of the ops checklist: the op and whether the assistant may call it. */
export interface OpsChecklistRow {
  key: string;
  op: ListedOp;
  checked: boolean;
}

/** Does the op match the search (lower-cased, trimmed): by name or by one of its tags; all when empty. */
export const opMatches = (op: ListedOp, search: string): boolean => {
  const q = search.trim().toLowerCase();
  if (q === '') return true;
  return op.name.toLowerCase().includes(q) || op.tags.some((t) => t.toLowerCase().includes(q));
};

/** The tool an op becomes: its name and its description ('No description provided' when it has none). */
export const toolOfOp = (op: ListedOp): AssistantTool => {
  const description = op.description.trim().slice(0, assistantLimits.toolDescriptionLength);
  return AssistantTool.parse({ name: op.name, description: description === '' ? undefined : description });
};

export const hasTool = (tools: readonly AssistantTool[], name: string): boolean =>
  tools.some((t) => t.name === name);

/** May one more tool be ticked? (An assistant carries at most `assistantLimits.tools`.) */
export const canAddTool = (tools: readonly AssistantTool[]): boolean => tools.length < assistantLimits.tools;

/** Ticks or unticks the op: the tools without it, or with it added at the end (never twice, never past the limit). */
export const toggleTool = (tools: readonly AssistantTool[], op: ListedOp): AssistantTool[] => {
  if (hasTool(tools, op.name)) return tools.filter((t) => t.name !== op.name);
  if (!canAddTool(tools)) return [...tools];
  return [...tools, toolOfOp(op)];
};

/**
 * The rows shown for a search: one per op name (the user's own op before a system op of the same
 * name, as a call by name finds it), sorted by name.
 */
export const checklistRows = (
  ops: readonly ListedOp[],
  tools: readonly AssistantTool[],
  search: string,
): OpsChecklistRow[] => {
  const byName = new Map<string, ListedOp>();
  for (const op of ops) {
    const seen = byName.get(op.name);
    if (seen === undefined || (seen.system_op && !op.system_op)) byName.set(op.name, op);
  }
  return [...byName.values()]
    .filter((op) => opMatches(op, search))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((op) => ({ key: op.name, op, checked: hasTool(tools, op.name) }));
};

/** Tools the assistant has whose op is no longer visible to the user: listed so they can be removed. */
export const unavailableTools = (
  ops: readonly ListedOp[],
  tools: readonly AssistantTool[],
): AssistantTool[] => tools.filter((t) => !ops.some((op) => op.name === t.name));

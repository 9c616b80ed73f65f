import type { ChatTurn } from '../model/types';

/**
 * A conversation's versions: each request (a user message and its answer) follows the request
 * whose answer it read (its parent; none for the first turn). Requests with the same parent are
 * versions of one turn (an edit or a regenerate makes a new one); the user reads one thread, from
 * the first turn down, at each turn the version they turned to (the newest when they turned to none).
 */
export interface TurnRequest {
  requestId: string;
  /** Null: the conversation's first turn. */
  parentRequestId: string | null;
  user: ChatTurn | null;
  answer: ChatTurn | null;
}

/** The version the user turned to, per turn: `versionKey(parent)` → the request id. */
export type ChosenVersions = Readonly<Record<string, string>>;

/** The key of a turn: its requests' parent, '' for the first turn. */
export const versionKey = (parentRequestId: string | null): string => parentRequestId ?? '';

/** Which version of its turn a request is: `index` of `count` (from 1), the versions in order. */
export interface VersionPosition {
  index: number;
  count: number;
  siblings: readonly string[];
}

export interface ShownRequest extends TurnRequest {
  version: VersionPosition;
}

/**
 * The requests of a conversation's messages, in the order they first appear. A request's parent is
 * the one it names when that one came before it; a message kept before versions (no parent named), or
 * naming one that is not there, follows the request before it (so old conversations read as one line).
 */
export function requestsOf(turns: readonly ChatTurn[]): TurnRequest[] {
  const byId = new Map<string, TurnRequest>();
  const order: TurnRequest[] = [];
  for (const turn of turns) {
    let request = byId.get(turn.requestId);
    if (request === undefined) {
      const previous = order.at(-1)?.requestId ?? null;
      const named = turn.parentRequestId;
      const parentRequestId = named === undefined || (named !== null && !byId.has(named)) ? previous : named;
      request = { requestId: turn.requestId, parentRequestId, user: null, answer: null };
      byId.set(turn.requestId, request);
      order.push(request);
    }
    if (turn.role === 'user') request.user = turn;
    else request.answer = turn;
  }
  return order;
}

const childrenOf = (requests: readonly TurnRequest[]): Map<string, TurnRequest[]> => {
  const children = new Map<string, TurnRequest[]>();
  for (const request of requests) {
    const key = versionKey(request.parentRequestId);
    children.set(key, [...(children.get(key) ?? []), request]);
  }
  return children;
};

/**
 * The thread shown: from the first turn, at each turn the version chosen (the newest when none is,
 * or the chosen one is not there), each with its place among the turn's versions.
 */
export function threadOf(turns: readonly ChatTurn[], chosen: ChosenVersions): ShownRequest[] {
  const children = childrenOf(requestsOf(turns));
  const thread: ShownRequest[] = [];
  let key = versionKey(null);
  for (;;) {
    const siblings = children.get(key) ?? [];
    if (siblings.length === 0) return thread;
    const picked = siblings.find((s) => s.requestId === chosen[key]) ?? siblings[siblings.length - 1]!;
    thread.push({
      ...picked,
      version: {
        index: siblings.indexOf(picked) + 1,
        count: siblings.length,
        siblings: siblings.map((s) => s.requestId),
      },
    });
    key = picked.requestId;
  }
}

/** The requests from the first turn down to `requestId` (none when it is null or not there). */
export function pathTo(turns: readonly ChatTurn[], requestId: string | null): TurnRequest[] {
  const byId = new Map(requestsOf(turns).map((r) => [r.requestId, r]));
  const path: TurnRequest[] = [];
  let at = requestId === null ? undefined : byId.get(requestId);
  while (at !== undefined) {
    path.unshift(at);
    at = at.parentRequestId === null ? undefined : byId.get(at.parentRequestId);
  }
  return path;
}

/** The messages a new request after `parentRequestId` follows: that request's thread, in order. */
export const historyTo = (turns: readonly ChatTurn[], parentRequestId: string | null): ChatTurn[] =>
  pathTo(turns, parentRequestId).flatMap((r) => [r.user, r.answer].filter((t): t is ChatTurn => t !== null));

/** The request a new message follows: the last one of the thread shown (null in an empty conversation). */
export const lastShownRequest = (turns: readonly ChatTurn[], chosen: ChosenVersions): string | null =>
  threadOf(turns, chosen).at(-1)?.requestId ?? null;

/** The versions of a turn one step away from `requestId` (`step` -1 or +1), or null at either end. */
export const versionBeside = (version: VersionPosition, step: -1 | 1): string | null =>
  version.siblings[version.index - 1 + step] ?? null;

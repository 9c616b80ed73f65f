import type { LiveAnswer } from '../model/live-answer';
import { turnId, type ChatTurn } from '../model/types';
import { threadOf, type ChosenVersions, type ShownRequest } from './tree';

/** A request of the thread shown, with its answer still streaming (or just ended) when there is one. */
export interface ShownTurn extends ShownRequest {
  live: LiveAnswer | null;
}

/**
 * The thread shown: the conversation's messages and the questions of the answers streaming that it
 * does not hold yet, each version as the user chose; a live answer the conversation already holds
 * shows as stored.
 */
export function shownTurns(
  stored: readonly ChatTurn[],
  live: readonly LiveAnswer[],
  chosen: ChosenVersions,
): ShownTurn[] {
  const storedIds = new Set(stored.map((t) => t.id));
  const pending = live.filter((l) => !storedIds.has(turnId(l.requestId, 'assistant')));
  const asked = pending
    .map((l) => l.userTurn)
    .filter((t): t is ChatTurn => t !== null && !storedIds.has(t.id));
  return threadOf([...stored, ...asked], chosen).map((request) => ({
    ...request,
    live: pending.find((l) => l.requestId === request.requestId) ?? null,
  }));
}

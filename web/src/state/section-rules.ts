import { platformMessages, type SectionMeta } from '@app/contracts';

/** Why a section shows a notice: another admin changed it under our edits, or its save failed. */
export interface SectionNotice {
  kind: 'changedByOther' | 'saveFailed';
  message: string;
}

/** One configuration section in the dialog: what the server has, what the admin is editing. */
export interface SectionState<T> {
  server: T;
  /** undefined while the admin has not changed the section (it shows `server`). */
  draft: T | undefined;
  /** As loaded; its version goes with a save so a stale one is refused. */
  meta: SectionMeta | null;
  notice: SectionNotice | null;
}

export type Equals<T> = (a: T, b: T) => boolean;

export interface Incoming<T> {
  value: T;
  meta: SectionMeta | null;
}

export const emptySection = <T>(value: T): SectionState<T> => ({
  server: value,
  draft: undefined,
  meta: null,
  notice: null,
});

export const currentValue = <T>(s: SectionState<T>): T => s.draft ?? s.server;

export const isDirty = <T>(s: SectionState<T>, equals: Equals<T>): boolean =>
  s.draft !== undefined && !equals(s.draft, s.server);

/** An edit: a draft that comes back to the server value is no draft at all. */
export const withEdit = <T>(s: SectionState<T>, next: T, equals: Equals<T>): SectionState<T> => ({
  ...s,
  draft: equals(next, s.server) ? undefined : next,
});

const versionOf = (meta: SectionMeta | null): number => meta?.version ?? -1;

/**
 * Reload: edits and notices go and the server value comes in, unless we already hold a newer one
 * (a live update can overtake a slow load; versions only grow).
 */
export const discardEdits = <T>(s: SectionState<T>, incoming: Incoming<T>): SectionState<T> => {
  const fresher = versionOf(incoming.meta) >= versionOf(s.meta);
  return {
    server: fresher ? incoming.value : s.server,
    draft: undefined,
    meta: fresher ? incoming.meta : s.meta,
    notice: null,
  };
};

export interface MergeContext {
  /** The section's label as the Admin Interface names it, for the notice. */
  label: string;
  /** Who made the change, when the server did not say (the live message's actor). */
  actor: string;
  /** The change is our own save (signed-in user, position of a save we made). */
  ownChange: boolean;
}

/**
 * A newer server value arrives (another admin saved, or our own save came back):
 * - an older answer than what we hold is ignored (answers may cross);
 * - a section without edits (or whose edits equal the new value) takes the server value;
 * - a section with edits keeps the draft, adopts the new version (so saving overwrites theirs on
 *   purpose) and, when someone else changed it, says who.
 */
export const mergeIncoming = <T>(
  s: SectionState<T>,
  incoming: Incoming<T>,
  ctx: MergeContext,
  equals: Equals<T>,
): SectionState<T> => {
  const ours = versionOf(s.meta);
  const theirs = versionOf(incoming.meta);
  if (theirs < ours) return s;
  if (s.draft === undefined || equals(s.draft, incoming.value)) return discardEdits(s, incoming);
  const changedByOther = theirs > ours && !ctx.ownChange;
  const actor = incoming.meta?.changedBy ?? ctx.actor;
  return {
    server: incoming.value,
    draft: s.draft,
    meta: incoming.meta,
    notice: changedByOther
      ? { kind: 'changedByOther', message: platformMessages.changedByOther(ctx.label, actor) }
      : s.notice,
  };
};

/** Our save of this section succeeded: what we sent is the server value now (later edits stay). */
export const markSaved = <T>(
  s: SectionState<T>,
  sent: T,
  version: number | undefined,
  equals: Equals<T>,
): SectionState<T> => ({
  server: sent,
  draft: s.draft === undefined || equals(s.draft, sent) ? undefined : s.draft,
  meta: s.meta && version !== undefined ? { ...s.meta, version } : s.meta,
  notice: null,
});

/** Our save of this section failed: the edits stay, with the server's words. */
export const markSaveFailed = <T>(s: SectionState<T>, message: string): SectionState<T> => ({
  ...s,
  notice: { kind: 'saveFailed', message },
});

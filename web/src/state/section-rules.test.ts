import { describe, expect, it } from 'vitest';
import { platformMessages, type SectionMeta } from '@app/contracts';
import { sameMembers } from './equality';
import {
  currentValue,
  discardEdits,
  emptySection,
  isDirty,
  markSaved,
  markSaveFailed,
  mergeIncoming,
  withEdit,
  type MergeContext,
  type SectionState,
} from './section-rules';

const meta = (version: number, changedBy: string | null = 'a@x.org'): SectionMeta => ({
  version,
  changedBy,
  changedAt: '2025-01-01T00:00:00Z',
});

const loaded = (value: string[], version: number): SectionState<string[]> =>
  discardEdits(emptySection<string[]>([]), { value, meta: meta(version) });

const ctx: MergeContext = { label: 'Admins', actor: 'live@x.org', ownChange: false };

describe('dirty tracking', () => {
  it('is clean until edited, dirty after, clean again when the edit is undone', () => {
    const s = loaded(['a@x.org'], 1);
    expect(isDirty(s, sameMembers)).toBe(false);
    const edited = withEdit(s, ['a@x.org', 'b@x.org'], sameMembers);
    expect(isDirty(edited, sameMembers)).toBe(true);
    expect(currentValue(edited)).toEqual(['a@x.org', 'b@x.org']);
    const undone = withEdit(edited, ['a@x.org'], sameMembers);
    expect(undone.draft).toBeUndefined();
    expect(isDirty(undone, sameMembers)).toBe(false);
  });

  it('compares with the section equality (order of a set does not matter)', () => {
    const s = loaded(['a@x.org', 'b@x.org'], 1);
    expect(withEdit(s, ['b@x.org', 'a@x.org'], sameMembers).draft).toBeUndefined();
  });
});

describe('mergeIncoming', () => {
  it('a section without edits takes the server value', () => {
    const next = mergeIncoming(
      loaded(['a@x.org'], 1),
      { value: ['b@x.org'], meta: meta(2, 'b@x.org') },
      ctx,
      sameMembers,
    );
    expect(next.server).toEqual(['b@x.org']);
    expect(next.meta?.version).toBe(2);
    expect(next.notice).toBeNull();
  });

  it('a section with edits keeps the draft, adopts the version and says who changed it', () => {
    const s = withEdit(loaded(['a@x.org'], 1), ['a@x.org', 'c@x.org'], sameMembers);
    const next = mergeIncoming(
      s,
      { value: ['a@x.org', 'b@x.org'], meta: meta(2, 'b@x.org') },
      ctx,
      sameMembers,
    );
    expect(next.draft).toEqual(['a@x.org', 'c@x.org']);
    expect(next.server).toEqual(['a@x.org', 'b@x.org']);
    expect(next.meta?.version).toBe(2);
    expect(next.notice).toEqual({
      kind: 'changedByOther',
      message: platformMessages.changedByOther('Admins', 'b@x.org'),
    });
  });

  it('falls back to the live actor when the server names nobody', () => {
    const s = withEdit(loaded(['a@x.org'], 1), ['c@x.org'], sameMembers);
    const next = mergeIncoming(s, { value: ['b@x.org'], meta: meta(2, null) }, ctx, sameMembers);
    expect(next.notice?.message).toBe(platformMessages.changedByOther('Admins', 'live@x.org'));
  });

  it('our own save changes nothing the admin sees', () => {
    const s = withEdit(loaded(['a@x.org'], 1), ['c@x.org'], sameMembers);
    const next = mergeIncoming(
      s,
      { value: ['b@x.org'], meta: meta(2) },
      { ...ctx, ownChange: true },
      sameMembers,
    );
    expect(next.notice).toBeNull();
    expect(next.draft).toEqual(['c@x.org']);
  });

  it('an answer older than what we hold is ignored', () => {
    const s = loaded(['new@x.org'], 5);
    expect(mergeIncoming(s, { value: ['old@x.org'], meta: meta(4) }, ctx, sameMembers)).toBe(s);
  });

  it('the same version says nothing, even with edits', () => {
    const s = withEdit(loaded(['a@x.org'], 3), ['c@x.org'], sameMembers);
    const next = mergeIncoming(s, { value: ['a@x.org'], meta: meta(3) }, ctx, sameMembers);
    expect(next.notice).toBeNull();
    expect(next.draft).toEqual(['c@x.org']);
  });

  it('edits equal to the new server value are no longer edits', () => {
    const s = withEdit(loaded(['a@x.org'], 1), ['b@x.org'], sameMembers);
    const next = mergeIncoming(s, { value: ['b@x.org'], meta: meta(2) }, ctx, sameMembers);
    expect(next.draft).toBeUndefined();
    expect(next.notice).toBeNull();
  });
});

describe('saving', () => {
  it('a saved section is clean with the new version', () => {
    const s = withEdit(loaded(['a@x.org'], 1), ['b@x.org'], sameMembers);
    const next = markSaved(s, ['b@x.org'], 2, sameMembers);
    expect(isDirty(next, sameMembers)).toBe(false);
    expect(next.server).toEqual(['b@x.org']);
    expect(next.meta?.version).toBe(2);
  });

  it('edits made while the save was on its way stay', () => {
    const s = withEdit(loaded(['a@x.org'], 1), ['c@x.org'], sameMembers);
    const next = markSaved(s, ['b@x.org'], 2, sameMembers);
    expect(next.draft).toEqual(['c@x.org']);
  });

  it('a failed section keeps its edits and shows the message', () => {
    const s = withEdit(loaded(['a@x.org'], 1), [], sameMembers);
    const next = markSaveFailed(s, platformMessages.lastAdmin);
    expect(next.draft).toEqual([]);
    expect(next.notice).toEqual({ kind: 'saveFailed', message: platformMessages.lastAdmin });
  });

  it('reload discards edits and notices', () => {
    const s = markSaveFailed(withEdit(loaded(['a@x.org'], 1), [], sameMembers), 'x');
    const next = discardEdits(s, { value: ['a@x.org'], meta: meta(1) });
    expect(next.draft).toBeUndefined();
    expect(next.notice).toBeNull();
  });
});

describe('discardEdits', () => {
  it('keeps a newer server value than the answer', () => {
    const s = withEdit(loaded(['new@x.org'], 5), ['c@x.org'], sameMembers);
    const next = discardEdits(s, { value: ['old@x.org'], meta: meta(4) });
    expect(next.server).toEqual(['new@x.org']);
    expect(next.draft).toBeUndefined();
  });
});

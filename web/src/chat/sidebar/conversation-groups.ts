/** The sidebar's date groups, newest first. */
export const conversationGroupLabels = ['Today', 'Yesterday', 'Previous 7 days', 'Older'] as const;
export type ConversationGroupLabel = (typeof conversationGroupLabels)[number];

export interface ConversationGroup<T> {
  label: ConversationGroupLabel;
  items: T[];
}

const dayMs = 24 * 60 * 60 * 1000;

/** Midnight of the day `at` falls on, in the browser's time zone. */
const startOfDay = (at: Date): number => new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();

/** Which group a moment falls in, seen from `now` (calendar days in the browser's time zone). */
export function groupOf(updatedAt: string, now: Date): ConversationGroupLabel {
  const at = Date.parse(updatedAt);
  const today = startOfDay(now);
  if (Number.isNaN(at) || at >= today) return 'Today';
  // A day is not always 24 hours (daylight saving): compare with yesterday's own midnight.
  const yesterday = startOfDay(new Date(today - dayMs / 2));
  if (at >= yesterday) return 'Yesterday';
  if (at >= today - 7 * dayMs) return 'Previous 7 days';
  return 'Older';
}

/**
 * The conversations in their date groups (Today, Yesterday, Previous 7 days, Older), each group in
 * the order given; groups without a conversation are left out. A date not understood counts as today.
 */
export function groupConversations<T extends { updatedAt: string }>(
  items: readonly T[],
  now: Date,
): ConversationGroup<T>[] {
  const groups = new Map<ConversationGroupLabel, T[]>(conversationGroupLabels.map((l) => [l, []]));
  for (const item of items) groups.get(groupOf(item.updatedAt, now))?.push(item);
  return conversationGroupLabels
    .map((label) => ({ label, items: groups.get(label) ?? [] }))
    .filter((g) => g.items.length > 0);
}

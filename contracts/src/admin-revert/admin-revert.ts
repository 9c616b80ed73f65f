import { z } from 'zod';
import { boundedString } from '../bounded';
import { sectionTypes } from '../admin/sections';

/**
 * The configuration at any moment, and back: GET /amplifymin/configs?at=<ISO time or log position>
 * answers every section as it was then (folded from the log); a revert appends, through the same
 * deciders as a save, the events that bring one section back to it.
 */
export const revertRoutes = { revert: '/api/admin/revert' } as const;

/** An ISO time ('2026-11-20T14:00:00Z', or a date) or a log position (digits). */
export const AtParameter = boundedString('at', 40).regex(
  /^(\d{1,19}|\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/,
  'at must be an ISO time (2026-11-20T14:00:00Z) or a log position',
);

export const ConfigsAtQuery = z.object({
  waitFor: boundedString('waitFor', 20).regex(/^\d+$/).optional(),
  at: AtParameter.optional(),
});

export const RevertRequest = z.object({
  section: z.enum(sectionTypes as [string, ...string[]]),
  at: AtParameter,
  /** The section's version when the view was opened: the revert is refused (409) if it moved since. */
  version: z.number().int().nonnegative(),
});
export type RevertRequest = z.infer<typeof RevertRequest>;

export const RevertResponse = z.object({
  success: z.literal(true),
  /** The position of the events appended ('0': the section was already as it was then). */
  position: z.string(),
  /** Secrets that could not come back (their data keys were destroyed): what stands instead. */
  notRestored: z.array(z.string()),
});
export type RevertResponse = z.infer<typeof RevertResponse>;

export const revertMessages = {
  badAt: 'at must be an ISO time (2026-11-20T14:00:00Z) or a log position',
  futureAt: 'That moment has not come yet.',
  notHere: 'This service cannot show the configuration at another moment.',
  viewAsOf: 'View as of…',
  viewingAsOf: (when: string) => `Viewing the configuration as of ${when} (read only)`,
  backToNow: 'Back to now',
  revertSection: 'Revert this section to this moment',
  confirmTitle: (section: string) => `Revert ${section}?`,
  confirmIntro: (when: string) => `These changes bring the section back to how it was at ${when}:`,
  noChanges: 'The section is already as it was then.',
  reverted: (section: string) => `${section} reverted.`,
  conflict: (section: string, who: string) =>
    `${section} was changed by ${who} since you opened this view. Open it again to see the change.`,
  secretGone: (what: string) =>
    `${what} could not come back: its data key was destroyed when it was replaced or removed. The current value stays.`,
  secretDropped: (what: string) =>
    `${what} could not come back: its data key was destroyed when it was replaced or removed.`,
  /** The picker and the screen around the view (web/src/admin/as-of). */
  pickerTitle: 'View the configuration as of a moment',
  pickByTime: 'Date and time (your local time)',
  pickByPosition: 'Log position',
  pickView: 'View',
  pickMissing: 'Pick a date and time, or give a log position (digits).',
  loadAtFailed: 'The configuration at that moment could not be loaded.',
  whenPosition: (position: string) => `log position ${position}`,
  notInConfiguration: (tab: string) => `${tab} is not part of the configuration: go back to now to see it.`,
  revertConfirm: 'Revert',
  fieldAdded: (field: string, value: string) => `${field}: added (${value})`,
  fieldRemoved: (field: string, value: string) => `${field}: removed (was ${value})`,
  fieldChanged: (field: string, from: string, to: string) => `${field}: ${from} → ${to}`,
} as const;

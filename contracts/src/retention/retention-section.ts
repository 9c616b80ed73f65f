import { z } from 'zod';
import { boundedList, nameFields, nameString } from '../bounded';
import { Email } from '../email';

/**
 * Retention (Admin Interface, Configurations tab): how long cloud conversations are kept, how long
 * an answer's chunks stay for a reload, and who is on legal hold (docs/architecture.md, "Retention").
 */
export const retentionLimits = {
  /** Days a cloud conversation is kept after its last activity: 1 to ten years, or forever (null). */
  minConversationDays: 1,
  maxConversationDays: 3650,
  /** Hours an ended chat stream stays for a reload: 1 to a week, or the default 10 minutes (null). */
  minStreamReplayHours: 1,
  maxStreamReplayHours: 168,
  /** Users and Amplify groups on legal hold. */
  maxHeldUsers: 1000,
  maxHeldGroups: 200,
  /** Conversations one expiry run (or one delete-all call) goes through at most. */
  expiryBatch: 500,
  deleteAllBatch: 200,
} as const;

/** The chat stream replay's default when no hours are set: ten minutes after the answer's end. */
export const defaultStreamReplayMs = 10 * 60_000;

/** Retention's messages, shown to admins word for word (the card and the save's 400 alike). */
export const retentionMessages = {
  conversationDays: `Keep conversations must be a whole number of days from ${retentionLimits.minConversationDays} to ${retentionLimits.maxConversationDays}, or Forever.`,
  streamReplayHours: `Keep chat stream replays must be a whole number of hours from ${retentionLimits.minStreamReplayHours} to ${retentionLimits.maxStreamReplayHours}, or the default.`,
  heldUserTwice: (email: string) => `The user ${email} is on legal hold twice.`,
  heldGroupTwice: (group: string) => `The group ${group} is on legal hold twice.`,
} as const;

const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const firstTwice = (list: readonly string[]): string | undefined =>
  list.find((item, i) => list.indexOf(item) !== i);

export const RetentionSection = z
  .object({
    /** Null: kept forever (the default). */
    conversationDays: wholeIn(
      retentionLimits.minConversationDays,
      retentionLimits.maxConversationDays,
      retentionMessages.conversationDays,
    ).nullable(),
    /** Null: the default, ten minutes. */
    streamReplayHours: wholeIn(
      retentionLimits.minStreamReplayHours,
      retentionLimits.maxStreamReplayHours,
      retentionMessages.streamReplayHours,
    ).nullable(),
    /** Emails whose conversations are never expired (trimmed and lower-cased). */
    legalHoldUsers: boundedList(Email, 'The users on legal hold', retentionLimits.maxHeldUsers),
    /** Amplify groups whose members' conversations are never expired. */
    legalHoldGroups: boundedList(
      nameString(nameFields.groupName).trim().min(1, 'A group on legal hold needs a name.'),
      'The groups on legal hold',
      retentionLimits.maxHeldGroups,
    ),
  })
  .superRefine((value, ctx) => {
    const user = firstTwice(value.legalHoldUsers);
    if (user !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['legalHoldUsers'],
        message: retentionMessages.heldUserTwice(user),
      });
    const group = firstTwice(value.legalHoldGroups);
    if (group !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['legalHoldGroups'],
        message: retentionMessages.heldGroupTwice(group),
      });
  });
export type RetentionSection = z.infer<typeof RetentionSection>;

export const initialRetention = (): RetentionSection => ({
  conversationDays: null,
  streamReplayHours: null,
  legalHoldUsers: [],
  legalHoldGroups: [],
});

/** How long an ended chat stream stays readable under these settings. */
export const streamReplayMsOf = (section: Pick<RetentionSection, 'streamReplayHours'>): number =>
  section.streamReplayHours === null ? defaultStreamReplayMs : section.streamReplayHours * 3_600_000;

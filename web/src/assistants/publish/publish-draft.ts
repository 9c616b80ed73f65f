import { normaliseEmail, type AssistantPathData } from '@app/contracts';

/** The Publish Assistant Path form as edited. */
export interface PublishDraft {
  path: string;
  isPublic: boolean;
  amplifyGroups: string[];
  users: string[];
}

/** A new form: public by default, or what the assistant was published with. */
export const initialPublishDraft = (
  published: { astPath: string; data: AssistantPathData } | null,
  isGroupAssistant: boolean,
): PublishDraft => ({
  path: published?.astPath ?? '',
  // A group assistant is never published to all users.
  isPublic: isGroupAssistant ? false : (published?.data.isPublic ?? true),
  amplifyGroups: [...(published?.data.accessTo.amplifyGroups ?? [])],
  users: [...(published?.data.accessTo.users ?? [])],
});

/** What add_path is sent: a public path lists nobody. */
export const pathDataOf = (draft: PublishDraft): AssistantPathData =>
  draft.isPublic
    ? { isPublic: true, accessTo: { amplifyGroups: [], users: [] } }
    : { isPublic: false, accessTo: { amplifyGroups: draft.amplifyGroups, users: draft.users } };

/** Ticks or unticks one Amplify group. */
export const toggleGroup = (draft: PublishDraft, group: string): PublishDraft => ({
  ...draft,
  amplifyGroups: draft.amplifyGroups.includes(group)
    ? draft.amplifyGroups.filter((g) => g !== group)
    : [...draft.amplifyGroups, group],
});

/** Adds users (already parsed and lower-cased) that are not listed yet. */
export const addUsers = (draft: PublishDraft, emails: readonly string[]): PublishDraft => ({
  ...draft,
  users: [...draft.users, ...emails.filter((e) => !draft.users.includes(e))],
});

export const removeUser = (draft: PublishDraft, email: string): PublishDraft => ({
  ...draft,
  users: draft.users.filter((u) => u !== email),
});

/**
 * The email suggestions for what is typed: known addresses containing it, the current user and
 * those already listed left out, at most `max`.
 */
export const userSuggestions = (
  typed: string,
  known: readonly string[],
  currentUser: string,
  listed: readonly string[],
  max = 8,
): string[] => {
  const needle = normaliseEmail(typed);
  const me = normaliseEmail(currentUser);
  const out: string[] = [];
  for (const email of new Set(known.map(normaliseEmail))) {
    if (email === me || listed.includes(email)) continue;
    if (needle !== '' && !email.includes(needle)) continue;
    out.push(email);
    if (out.length >= max) break;
  }
  return out;
};

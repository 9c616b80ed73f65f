import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { Email } from '../email';
import { limits } from '../limits';

/**
 * Assistant paths: published
 * assistants are reached at `/assistants/{path}`, the path in lower case. Every rule is checked
 * in order and answers its message word for word.
 */
export const assistantPathLimits = {
  minLength: 3,
  /** The check refuses past 20 characters. */
  maxLength: 20,
  /** What the path field's help text says (it conflicts with the 20-character check; both are reported). */
  helpTextMaxLength: 100,
  /** What a path field accepts before the rules run (longer input is refused as too long anyway). */
  inputLength: 200,
  /** Amplify groups and users a restricted path lists. */
  accessEntries: 500,
} as const;

/**
 * The feature flag that turns publishing at `/assistants/{path}` on ("only when the
 * publishing flag is on"): add_path is refused to a user it is not on for.
 */
export const assistantPathPublishingFlag = 'assistantPathPublishing';

/** The 12 reserved words: no path segment may equal one. */
export const reservedAssistantPathTerms = [
  'admin',
  'system',
  'login',
  'signin',
  'signup',
  'register',
  'auth',
  'authenticate',
  'reset',
  'password',
  'billing',
  'payment',
] as const;

export const assistantPathMessages = {
  empty: 'Path cannot be empty.',
  characters: 'Path can only contain letters, numbers, hyphens, underscores, and forward slashes.',
  tooShort: 'Path must be at least 3 characters long.',
  tooLong: 'Path is too long (maximum 20 characters).',
  slashAtEnds: 'Path cannot start or end with a slash.',
  consecutiveSlashes: 'Path cannot contain consecutive slashes.',
  reservedTerm: (term: string) => `Path contains restricted system term: ${term}.`,
  inappropriate: 'Path contains inappropriate term. Please choose a different path.',
  taken: 'Path is already in use by another assistant.',
  checkFailed: 'Error checking path availability - please try again.',
  available: 'Path available',
  current: 'Current Path',
  /** The help text's range, shown honestly beside the 20-character check. */
  helpText: 'Path must be 3-100 characters (letters, numbers, hyphens, underscores and forward slashes).',
} as const;

export const assistantLookupMessages = {
  notFound: 'Assistant not found at this path',
  failed: 'Error looking up path.',
  /** Ours: the lookup found the assistant. */
  found: 'Assistant found.',
  /** Ours: the path exists but the caller is neither its owner nor among those it is published to. */
  forbidden: 'You do not have access to the assistant at this path. Ask its owner to share it with you.',
} as const;

/** Ours: refusals of the assistant routes and of a chat with an assistant. */
export const assistantMessages = {
  created: 'Assistant created successfully.',
  versionCreated: 'Assistant updated successfully.',
  deleted: 'Assistant deleted successfully.',
  published: 'Assistant path published successfully.',
  rescanned: (count: number) => `Rescanning ${count} website data source${count === 1 ? '' : 's'}.`,
  notFound: 'Assistant not found.',
  notOwner: 'Only the owner of this assistant can change it.',
  notGroupAdmin: 'Only an admin of the group can change its assistants.',
  builtInReadOnly: 'Built-in assistants cannot be changed.',
  noAccess: 'You do not have access to this assistant.',
  publishingOff: 'Publishing assistants at a path is not enabled.',
  groupNoPublicPath: 'A group assistant cannot be published to all users.',
  nameRequired: 'The assistant name is required.',
  rescanUnavailable: 'Rescanning websites is not available on this platform.',
  groupRequired: 'This assistant does not belong to that group.',
  tooMany: (max: number) =>
    `You have reached the limit of ${max} assistants. Delete one before creating another.`,
} as const;

export type AssistantPathCheck = { valid: true; path: string } | { valid: false; message: string };

const allowedCharacters = /^[a-z0-9_/-]*$/;

/**
 * The pure rules of section 5 "Assistant path" in order (not the inappropriate-term check, nor
 * uniqueness, which need the server): the path lower-cased, then each rule; the first that fails
 * gives the message. Used by the web as typed and by the server on every publish and check.
 */
export const checkAssistantPath = (raw: string): AssistantPathCheck => {
  const path = raw.toLowerCase();
  if (path.length === 0) return { valid: false, message: assistantPathMessages.empty };
  if (!allowedCharacters.test(path)) return { valid: false, message: assistantPathMessages.characters };
  if (path.length < assistantPathLimits.minLength)
    return { valid: false, message: assistantPathMessages.tooShort };
  if (path.length > assistantPathLimits.maxLength)
    return { valid: false, message: assistantPathMessages.tooLong };
  if (path.startsWith('/') || path.endsWith('/'))
    return { valid: false, message: assistantPathMessages.slashAtEnds };
  if (path.includes('//')) return { valid: false, message: assistantPathMessages.consecutiveSlashes };
  const reserved = path
    .split('/')
    .find((segment) => (reservedAssistantPathTerms as readonly string[]).includes(segment));
  if (reserved !== undefined) return { valid: false, message: assistantPathMessages.reservedTerm(reserved) };
  return { valid: true, path };
};

/** The address a published assistant is reached at (path lower-cased). */
export const assistantPagePath = (astPath: string) => `/assistants/${astPath.toLowerCase()}`;

/** What a path field accepts before `checkAssistantPath` runs (the route answers the rule's message). */
export const AstPathInput = boundedString('The path', assistantPathLimits.inputLength);

export const AssistantAccessTo = z.object({
  amplifyGroups: boundedList(
    boundedString('An Amplify group name', limits.nameLength),
    'Amplify groups',
    assistantPathLimits.accessEntries,
  ).default([]),
  users: boundedList(Email, 'Users', assistantPathLimits.accessEntries).default([]),
});
export type AssistantAccessTo = z.infer<typeof AssistantAccessTo>;

/** Assistant path data: isPublic default true; accessTo groups and users. */
export const AssistantPathData = z.object({
  isPublic: z.boolean().default(true),
  accessTo: AssistantAccessTo.default({ amplifyGroups: [], users: [] }),
});
export type AssistantPathData = z.infer<typeof AssistantPathData>;

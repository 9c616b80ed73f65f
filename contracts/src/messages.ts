/**
 * Every user-facing message of the specs, once. The services use them as DomainError messages,
 * the web shows them for instant checks: the words are the spec's, word for word.
 */
export const adminMessages = {
  featureNameRequired: 'Feature name is required. Please enter a name and try again.',
  featureNameUnique: 'Feature flag names must be unique. Please try another name.',
  loadFailed: 'Unable to fetch admin configurations at this time. Please try again.',
  saveFailed: 'We are unable to save the configurations at this time. Please try again later...',
  partialSaveFailed: (sections: readonly string[]) =>
    `The following configurations were unable to be saved: ${sections.join(', ')}`,
  saved: 'Configurations successfully saved',
  noChanges: 'No Changes to Save',
  noAdmins: 'No admins to display',
} as const;

/** Messages of our own (the spec is silent); kept here so both sides say the same thing. */
export const platformMessages = {
  invalidEmail: (email: string) => `'${email}' is not a valid email address.`,
  lastAdmin: 'The last admin cannot be removed. Add another admin first.',
  staleSection: (section: string, actor: string, at: string) =>
    `${section} was changed by ${actor} at ${at} since you loaded it. Reload to see their changes.`,
  unknownSection: (type: string) => `Unknown configuration section '${type}'.`,
  signInRequired: 'Sign in to continue.',
  adminsOnly: 'Only administrators may do this.',
  unsavedConfirm: 'You have unsaved changes. Close without saving?',
  changedByOther: (section: string, actor: string) =>
    `${actor} changed ${section} while you were editing it. Reload to see their version, or save to overwrite theirs.`,
} as const;

/**
 * Words of the web's own that the contracts do not hold (the shared messages come from
 * `@app/contracts`, word for word).
 */
export const uiText = {
  invalidEntry: 'Invalid or duplicate entry',
  /** Who changed a section, when the server did not say. */
  anotherAdmin: 'another admin',
  /** Prompt Cost Alert's cost field (minimum 0, step 0.01). */
  costInvalid: 'Enter a cost of at least 0, in steps of 0.01.',
  /** Amplify Groups: the in-app confirmation of a deletion. */
  deleteGroupConfirm: (groupName: string, includedBy: readonly string[]) =>
    `Delete the Amplify group ${groupName}?` +
    (includedBy.length > 0
      ? ` It is also removed from the groups that include it: ${includedBy.join(', ')}.`
      : '') +
    ' The deletion takes effect when you save changes.',
} as const;

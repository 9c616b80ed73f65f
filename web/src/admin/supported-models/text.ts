/** The tab's own words (the shared messages come from `@app/contracts`, word for word). */
export const modelText = {
  numberAtLeastZero: 'Enter a number of 0 or more.',
  wholeNumber: 'Enter a whole number of 0 or more.',
  searchPlaceholder: 'Search models',
  hideUnavailable: 'Hide unavailable models',
  noMatch: 'No models match the search and filter.',
  allUsers: 'All users',
  builtInIdFixed: 'A built-in model’s ID cannot be changed.',
  builtInNoDelete: 'Built-in models cannot be deleted.',
  deleteConfirm: (name: string, id: string) =>
    `Delete the model ${name} (${id})? It is removed from Supported Models when you save changes.`,
  noGroups: 'No Amplify groups exist yet. Without groups, an available model is open to all users.',
  groupsHint: 'Leave all unticked to make the model available to all users.',
  notOffered: 'not offered',
} as const;

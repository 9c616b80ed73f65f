/** Edits of the Admins section (a list of emails the server keeps as a set). */
export const addAdmins = (admins: readonly string[], added: readonly string[]): string[] => [
  ...admins,
  ...added.filter((e) => !admins.includes(e)),
];

export const removeAdmins = (admins: readonly string[], removed: ReadonlySet<string>): string[] =>
  admins.filter((e) => !removed.has(e));

/** Shown sorted, whatever order the server keeps. */
export const sortedAdmins = (admins: readonly string[]): string[] =>
  [...admins].sort((a, b) => a.localeCompare(b));

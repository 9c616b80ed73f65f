/** What `next` adds to and removes from `current`, in the order each list gives. */
export const diffLists = <T>(current: readonly T[], next: readonly T[]): { added: T[]; removed: T[] } => ({
  added: next.filter((x) => !current.includes(x)),
  removed: current.filter((x) => !next.includes(x)),
});

export const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

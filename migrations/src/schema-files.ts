/** The tables of migration 0015 (issue 9): add each table as a property of `FilesTables`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FilesTables {}

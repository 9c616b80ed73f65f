/** The tables of migration 0016 (issue 9): add each table as a property of `DocumentChunksTables`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DocumentChunksTables {}

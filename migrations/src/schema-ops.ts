/** The tables of migration 0021. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OpsTables {}

/** The tables of migration 0019. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ApiKeysTables {}

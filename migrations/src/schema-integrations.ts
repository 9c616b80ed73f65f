/** The tables of migration 0022. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IntegrationsTables {}

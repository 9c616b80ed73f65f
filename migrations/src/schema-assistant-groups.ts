/** The tables of migration 0023. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AssistantGroupsTables {}

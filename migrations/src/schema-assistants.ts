/** The tables of migration 0020. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AssistantsTables {}

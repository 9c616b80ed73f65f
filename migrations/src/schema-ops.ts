/** The tables of migration 0021: none (ops are folded from their streams). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OpsTables {}

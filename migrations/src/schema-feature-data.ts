/** The tables of migration 0017 (issue 9): add each table as a property of `FeatureDataTables`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureDataTables {}

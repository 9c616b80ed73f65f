import { valueCardKeys, valueCards, type SectionData, type ValueCardKey } from '@app/contracts';
import type { Db } from '@app/platform';

export type ConfigValueSection = ValueCardKey;

/** A single-value card as the dialog reads and saves it; its default until first saved. */
export const readConfigValue = async <K extends ConfigValueSection>(
  db: Db,
  section: K,
): Promise<SectionData[K]> => {
  const row = await db
    .selectFrom('rm_config_values')
    .select('value')
    .where('section', '=', section)
    .executeTakeFirst();
  return row ? (row.value as SectionData[K]) : (valueCards[section].initial() as SectionData[K]);
};

/** The section readers of the single-value cards (contracts' `value-cards/`), for section-readers.ts. */
export const configValueReaders = Object.fromEntries(
  valueCardKeys.map((key) => [key, (db: Db) => readConfigValue(db, key)]),
) as { [K in ConfigValueSection]: (db: Db) => Promise<SectionData[K]> }; // fromEntries cannot say each key has its own reader

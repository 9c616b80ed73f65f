import { configValueDefaults, type SectionData } from '@app/contracts';
import type { Db } from '@app/platform';

export type ConfigValueSection = keyof typeof configValueDefaults;

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
  return row ? (row.value as SectionData[K]) : (configValueDefaults[section]() as SectionData[K]);
};

/** The section readers of the single-value cards, for section-readers.ts. */
export const configValueReaders: { [K in ConfigValueSection]: (db: Db) => Promise<SectionData[K]> } = {
  emailSupport: (db) => readConfigValue(db, 'emailSupport'),
  aiEmailDomain: (db) => readConfigValue(db, 'aiEmailDomain'),
  rateLimit: (db) => readConfigValue(db, 'rateLimit'),
  defaultConversationStorage: (db) => readConfigValue(db, 'defaultConversationStorage'),
  promtCostAlert: (db) => readConfigValue(db, 'promtCostAlert'),
};

import type { FeatureFlagsSection, SectionMeta, SectionType } from '@app/contracts';
import { nameMapFrom, sectionTypes } from '@app/contracts';
import type { Db } from '@app/platform';

export const readAdmins = async (db: Db): Promise<string[]> =>
  (await db.selectFrom('rm_admins').select('email').orderBy('email').execute()).map((r) => r.email);

export const readFeatureFlags = async (db: Db): Promise<FeatureFlagsSection> => {
  const rows = await db.selectFrom('rm_feature_flags').selectAll().orderBy('name').execute();
  return nameMapFrom(
    rows.map((r) => [
      r.name,
      {
        enabled: r.enabled,
        userExceptions: r.user_exceptions,
        amplifyGroupExceptions: r.amplify_group_exceptions,
      },
    ]),
  );
};

export const readSectionMeta = async (db: Db): Promise<Record<SectionType, SectionMeta>> => {
  const rows = await db.selectFrom('rm_sections').selectAll().execute();
  const bySection = new Map(rows.map((r) => [r.section, r]));
  return Object.fromEntries(
    sectionTypes.map((s) => {
      const r = bySection.get(s);
      return [
        s,
        r
          ? { version: r.version, changedBy: r.changed_by, changedAt: r.changed_at.toISOString() }
          : { version: 0, changedBy: null, changedAt: null },
      ];
    }),
  ) as Record<SectionType, SectionMeta>;
};

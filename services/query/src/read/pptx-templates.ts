import type { PptxTemplate } from '@app/contracts';
import type { Db } from '@app/platform';

/** The PowerPoint templates, by name. */
export const readPptxTemplates = async (db: Db): Promise<PptxTemplate[]> => {
  const rows = await db.selectFrom('rm_pptx_templates').selectAll().orderBy('name').execute();
  return rows.map((r) => ({
    name: r.name,
    isAvailable: r.is_available,
    amplifyGroups: r.amplify_groups,
    uploadedBy: r.uploaded_by,
    uploadedAt: r.uploaded_at.toISOString(),
  }));
};

/** A template a user may use: public (available), or reserved to an Amplify group they are in. */
export const templateOpenTo = (template: PptxTemplate, groups: readonly string[]): boolean =>
  template.isAvailable || template.amplifyGroups.some((g) => groups.includes(g));

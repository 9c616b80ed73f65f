import { ExternalApiView } from '@app/contracts';
import type { Db } from '@app/platform';

/** The external API definitions by name (credentials masked); a row that no longer parses is left out. */
export const readExternalApis = async (db: Db): Promise<ExternalApiView[]> => {
  const rows = await db.selectFrom('rm_external_apis').select('definition').orderBy('name').execute();
  return rows.flatMap((r) => {
    const parsed = ExternalApiView.safeParse(r.definition);
    return parsed.success ? [parsed.data] : [];
  });
};

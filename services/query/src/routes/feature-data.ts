import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  featureDataRoutes,
  PptxTemplatesResponse,
  WaitForQuery,
  type PptxTemplate,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { waitForPosition } from '../read/wait-for';
import type { GroupMembership } from './feature-flags';

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

/**
 * GET /amplifymin/pptx_templates: admins get every template; other users those open to them (public,
 * or through their Amplify groups). Takes `?waitFor=`.
 */
export const pptxTemplatesRoute =
  (db: Db, projections: readonly Projection[], groupsOf: GroupMembership): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: 'The PowerPoint templates: every one for admins, those open to the caller otherwise.',
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: PptxTemplatesResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(featureDataRoutes.pptxTemplates, { preValidation: app.requireUser, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const templates = await readPptxTemplates(db);
        const isAdmin = await request.principalIsAdmin();
        const groups = isAdmin ? [] : await groupsOf(request.principal ?? '');
        const answer: PptxTemplatesResponse = {
          success: true,
          data: isAdmin ? templates : templates.filter((t) => templateOpenTo(t, groups)),
        };
        return answer;
      });
  };

import { featureDataRoutes, PptxTemplatesResponse } from '@app/contracts';
import { readPptxTemplates, templateOpenTo } from '../read/pptx-templates';
import { readRoute } from './read-route';

/**
 * GET /amplifymin/pptx_templates: admins get every template; other users those open to them (public,
 * or through their Amplify groups). Takes `?waitFor=`.
 */
export const pptxTemplatesRoute = readRoute({
  url: featureDataRoutes.pptxTemplates,
  who: 'user',
  description: 'The PowerPoint templates: every one for admins, those open to the caller otherwise.',
  answer: PptxTemplatesResponse,
  handle: async ({ principal, isAdmin }, { db, groupsOf }) => {
    const templates = await readPptxTemplates(db);
    const admin = await isAdmin();
    const groups = admin ? [] : await groupsOf(principal);
    const answer: PptxTemplatesResponse = {
      success: true,
      data: admin ? templates : templates.filter((t) => templateOpenTo(t, groups)),
    };
    return answer;
  },
});

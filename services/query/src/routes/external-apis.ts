import { externalApiRoutes, ExternalApisResponse } from '@app/contracts';
import { readExternalApis } from '../read/external-apis';
import { readRoute } from './read-route';

/** GET /amplifymin/external_apis (admins): the definitions of the external API editor. Takes `?waitFor=`. */
export const externalApisRoute = readRoute({
  url: externalApiRoutes.list,
  who: 'admin',
  description: 'The external API definitions (credentials masked).',
  answer: ExternalApisResponse,
  handle: async (_request, { db }) => {
    const answer: ExternalApisResponse = { success: true, data: await readExternalApis(db) };
    return answer;
  },
});

import { AddWebsiteResponse, websiteRoutes, type AddWebsiteRequestInput } from '@app/contracts';
import { requestJson } from './http';

/** POST /api/websites/add: a page, or a sitemap and its pages, recorded as the caller's files. */
export async function addWebsite(body: AddWebsiteRequestInput): Promise<AddWebsiteResponse['data']> {
  return (await requestJson('addWebsite', websiteRoutes.add, AddWebsiteResponse, { method: 'POST', body }))
    .body.data;
}

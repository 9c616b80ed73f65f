import { FileQueryRequest, FileQueryResponse, fileRoutes, TagsListResponse } from '@app/contracts';
import { queryFiles, readFileTags } from '../read/files';
import { readRoute } from './read-route';

/** POST /files/query: a page of the caller's files (search, tags, cursor), only ever their own. Takes `?waitFor=`. */
export const fileQueryRoute = readRoute({
  method: 'POST',
  url: fileRoutes.query,
  who: 'user',
  description: "A page of the caller's files, the most recently changed first.",
  body: FileQueryRequest,
  answer: FileQueryResponse,
  handle: async ({ principal, body }, { db }) => {
    const answer: FileQueryResponse = { success: true, data: await queryFiles(db, principal, body) };
    return answer;
  },
});

/** GET /files/tags/list: the tags on the caller's files. Takes `?waitFor=`. */
export const fileTagsRoute = readRoute({
  url: fileRoutes.tagsList,
  who: 'user',
  description: "Every tag on the caller's files.",
  answer: TagsListResponse,
  handle: async ({ principal }, { db }) => {
    const answer: TagsListResponse = { success: true, data: { tags: await readFileTags(db, principal) } };
    return answer;
  },
});

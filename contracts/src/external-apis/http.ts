import { z } from 'zod';
import { maskOf, type SealedSecret } from '../admin/sealed-secret';
import { limits } from '../limits';
import { boundedString } from '../bounded';
import {
  ExternalApiCall,
  ExternalApiDefinitionInput,
  externalApiAuthTypes,
  externalApiRequestTypes,
  type ExternalApiAuthType,
  type ExternalApiParam,
  type ExternalApiRequestType,
} from './definition';
import { successBody, successList } from '../success';
import { eventTypesOf } from '../event-types';

/** The routes (admins): the list is a read (query service), the rest are commands. */
export const externalApiRoutes = {
  /** GET ?waitFor= → {success, data: ExternalApiView[]} */
  list: '/amplifymin/external_apis',
  /** POST ExternalApiDefinitionInput → {success, id, position} */
  save: '/amplifymin/external_apis/save',
  /** POST {id} → {success, position} */
  delete: '/amplifymin/external_apis/delete',
  /** POST ExternalApiCall & {id?} → ExternalApiTestResponse (the editor's External API test). */
  test: '/amplifymin/external_apis/test',
} as const;

/** The single stream of every definition. */
export const externalApisStreamId = 'externalApis';

/** A definition as answered: credentials (auth, and credential headers' values) only as masks. */
export const ExternalApiView = z.object({
  id: z.string(),
  name: z.string(),
  requestType: z.enum(externalApiRequestTypes),
  url: z.string(),
  params: z.array(z.object({ name: z.string(), description: z.string() })),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  auth: z.object({
    type: z.enum(externalApiAuthTypes),
    token: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
  }),
  description: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ExternalApiView = z.infer<typeof ExternalApiView>;

export const ExternalApisResponse = successList(ExternalApiView);
export type ExternalApisResponse = z.infer<typeof ExternalApisResponse>;

export const ExternalApiSaveRequest = ExternalApiDefinitionInput;
export type ExternalApiSaveRequest = z.infer<typeof ExternalApiSaveRequest>;

export const ExternalApiSaveResponse = successBody({
  id: z.string(),
  position: boundedString('The position', limits.positionLength),
});
export type ExternalApiSaveResponse = z.infer<typeof ExternalApiSaveResponse>;

export const ExternalApiDeleteRequest = z.object({ id: z.string().uuid() });
export type ExternalApiDeleteRequest = z.infer<typeof ExternalApiDeleteRequest>;

export const ExternalApiDeleteResponse = successBody({
  position: boundedString('The position', limits.positionLength),
});
export type ExternalApiDeleteResponse = z.infer<typeof ExternalApiDeleteResponse>;

/** The Test: the call as edited; with the `id` of a saved definition, masked credentials are its own. */
export const ExternalApiTestRequest = ExternalApiCall.extend({ id: z.string().uuid().optional() });
export type ExternalApiTestRequest = z.infer<typeof ExternalApiTestRequest>;

/** What came back: the JSON result (or the text, cut), or why the call failed. */
export const ExternalApiTestResponse = z.discriminatedUnion('success', [
  successBody({
    status: z.number().int(),
    contentType: z.string(),
    /** Parsed JSON when the answer is JSON; else the text (at most testResultChars characters). */
    result: z.unknown(),
    truncated: z.boolean(),
  }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type ExternalApiTestResponse = z.infer<typeof ExternalApiTestResponse>;

/** A definition as events and the decider keep it: credentials sealed. */
export interface StoredExternalApi {
  id: string;
  name: string;
  requestType: ExternalApiRequestType;
  url: string;
  params: ExternalApiParam[];
  /** Headers in clear (none of them carries a credential). */
  headers: Record<string, string>;
  /** Credential headers' values (Authorization, X-Api-Key...), sealed. */
  secretHeaders: Record<string, SealedSecret>;
  body: string;
  auth: {
    type: ExternalApiAuthType;
    token?: SealedSecret;
    username?: SealedSecret;
    password?: SealedSecret;
  };
  description: string;
}

export type ExternalApiEvent =
  | { type: 'ExternalApiSaved'; data: StoredExternalApi }
  | { type: 'ExternalApiDeleted'; data: { id: string; name: string } };

export const externalApiEventTypes = eventTypesOf<ExternalApiEvent>({
  ExternalApiSaved: true,
  ExternalApiDeleted: true,
});

const masked = (s: SealedSecret | undefined): string | undefined => (s ? maskOf(s.last4) : undefined);

/** A stored definition as answered: every credential (auth, credential headers) as its mask only. */
export const externalApiViewOf = (
  api: StoredExternalApi,
  updatedBy: string,
  updatedAt: string,
): ExternalApiView => {
  const auth: ExternalApiView['auth'] = { type: api.auth.type };
  const token = masked(api.auth.token);
  const username = masked(api.auth.username);
  const password = masked(api.auth.password);
  if (token !== undefined) auth.token = token;
  if (username !== undefined) auth.username = username;
  if (password !== undefined) auth.password = password;
  const secretHeaders = Object.fromEntries(
    Object.entries(api.secretHeaders).map(([name, sealed]) => [name, maskOf(sealed.last4)]),
  );
  return {
    id: api.id,
    name: api.name,
    requestType: api.requestType,
    url: api.url,
    params: api.params,
    headers: { ...api.headers, ...secretHeaders },
    body: api.body,
    auth,
    description: api.description,
    updatedBy,
    updatedAt,
  };
};

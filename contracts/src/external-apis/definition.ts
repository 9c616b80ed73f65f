import { z } from 'zod';
import { boundedList, boundedString, headerSafeString } from '../bounded';
import { urlHasUserInfo } from '../admin/url-credentials';
import { isMask } from '../admin/sealed-secret';

/**
 * The external API definition of the Admin Interface's editor: an
 * HTTP call an assistant's tool may make. Name, url and description are required; the auth is none,
 * basic (username and password) or bearer (token); the body is parsed as JSON when possible.
 */
export const externalApiRequestTypes = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type ExternalApiRequestType = (typeof externalApiRequestTypes)[number];

export const externalApiAuthTypes = ['none', 'basic', 'bearer'] as const;
export type ExternalApiAuthType = (typeof externalApiAuthTypes)[number];

export const externalApiLimits = {
  nameLength: 200,
  urlLength: 2_000,
  descriptionLength: 4_000,
  params: 50,
  paramNameLength: 100,
  paramDescriptionLength: 1_000,
  headers: 50,
  headerNameLength: 200,
  headerValueLength: 4_000,
  bodyLength: 64 * 1024,
  credentialLength: 4_000,
  /** Definitions kept in all. */
  definitions: 500,
  /** The Test's answer: at most this many characters of the remote body are shown. */
  testResultChars: 64 * 1024,
} as const;

/** What the editor and the routes say, shown to users word for word. */
export const externalApiMessages = {
  nameRequired: 'Name is required. Please enter a name for the API.',
  urlRequired: 'URL is required. Please enter the address of the API.',
  descriptionRequired: 'Description is required. Please describe what the API does.',
  urlInvalid: 'The URL must be a full http or https address, for example https://api.example.com/items.',
  urlWithCredentials:
    'The URL must not carry a user name or password: use the Authentication section instead.',
  usernameRequired: 'Basic authentication needs a username and a password.',
  tokenRequired: 'Bearer authentication needs a token.',
  headerNameInvalid: (name: string) => `'${name}' is not a valid header name.`,
  headerNotAllowed: (name: string) => `The header '${name}' is set by the platform and may not be given.`,
  maskedCredentialUnknown:
    'A hidden credential was sent back for an API that has none saved. Please enter it again.',
  maskedCredentialOtherOrigin:
    'A hidden credential is sent only to the address it was saved for. Please enter it again for this address.',
  notFound: 'There is no external API with this id.',
  tooMany: `At most ${externalApiLimits.definitions} external APIs may be kept.`,
  saved: (name: string) => `External API ${name} was saved.`,
  saveFailed: 'Unable to save the external API at this time. Please try again later...',
  deleted: (name: string) => `External API ${name} was deleted.`,
  deleteFailed: 'Unable to delete the external API at this time. Please try again later...',
  testRefused: (reason: string) => `The API could not be called: ${reason}`,
  testNotPublic:
    'The URL leads to a private or local address, which may not be called. Only public addresses may be tested.',
  testFailed: 'Unable to test the external API at this time. Please try again later...',
  listFailed: 'Unable to load the external APIs at this time. Please try again later...',
  empty: 'No External APIs listed.',
} as const;

const required = (message: string, max: number, field: string) =>
  boundedString(field, max).refine((v) => v.trim().length > 0, message);

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers the platform's client sets itself (or that would change where and how the call goes). */
const platformHeaders = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
]);

export const ExternalApiParam = z.object({
  name: boundedString('Parameter name', externalApiLimits.paramNameLength),
  description: boundedString('Parameter description', externalApiLimits.paramDescriptionLength).default(''),
});
export type ExternalApiParam = z.infer<typeof ExternalApiParam>;

/** A token or a basic pair: it reaches the Authorization header, so no control character. */
const credential = (field: string) => headerSafeString(field, externalApiLimits.credentialLength);

/** The auth as the editor sends it: a credential may be the mask of the saved one (unchanged). */
export const ExternalApiAuth = z
  .object({
    type: z.enum(externalApiAuthTypes),
    token: credential('Token').optional(),
    username: credential('Username').optional(),
    password: credential('Password').optional(),
  })
  .superRefine((auth, ctx) => {
    if (auth.type === 'basic' && (!auth.username?.trim() || !auth.password))
      ctx.addIssue({ code: 'custom', message: externalApiMessages.usernameRequired, path: ['username'] });
    if (auth.type === 'bearer' && !auth.token)
      ctx.addIssue({ code: 'custom', message: externalApiMessages.tokenRequired, path: ['token'] });
  });
export type ExternalApiAuth = z.infer<typeof ExternalApiAuth>;

const HeadersMap = z
  .record(
    boundedString('Header name', externalApiLimits.headerNameLength),
    headerSafeString('Header value', externalApiLimits.headerValueLength),
  )
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > externalApiLimits.headers)
      ctx.addIssue({ code: 'custom', message: `At most ${externalApiLimits.headers} headers may be sent.` });
    for (const name of names)
      if (!headerName.test(name))
        ctx.addIssue({ code: 'custom', message: externalApiMessages.headerNameInvalid(name) });
      else if (platformHeaders.has(name.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: externalApiMessages.headerNotAllowed(name) });
  });

/** Whether `url` is an absolute http(s) address (the guarded client checks where it leads). */
export const isHttpUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
};

const ApiUrl = required(externalApiMessages.urlRequired, externalApiLimits.urlLength, 'URL').superRefine(
  (url, ctx) => {
    if (url.trim() === '') return;
    if (!isHttpUrl(url)) ctx.addIssue({ code: 'custom', message: externalApiMessages.urlInvalid });
    else if (urlHasUserInfo(url.trim()))
      ctx.addIssue({ code: 'custom', message: externalApiMessages.urlWithCredentials });
  },
);

/** The call itself (what the editor's External API test sends). */
export const ExternalApiCall = z.object({
  requestType: z.enum(externalApiRequestTypes),
  url: ApiUrl,
  params: boundedList(ExternalApiParam, 'Parameters', externalApiLimits.params).default([]),
  headers: HeadersMap.default({}),
  /** As typed: sent as JSON when it parses as JSON, as text otherwise. */
  body: boundedString('Body', externalApiLimits.bodyLength).default(''),
  auth: ExternalApiAuth.default({ type: 'none' }),
});
export type ExternalApiCall = z.infer<typeof ExternalApiCall>;

/** The whole definition the editor saves; `id` of a saved one to replace it. */
export const ExternalApiDefinitionInput = ExternalApiCall.extend({
  id: z.string().uuid().optional(),
  name: required(externalApiMessages.nameRequired, externalApiLimits.nameLength, 'Name'),
  description: required(
    externalApiMessages.descriptionRequired,
    externalApiLimits.descriptionLength,
    'Description',
  ),
});
export type ExternalApiDefinitionInput = z.infer<typeof ExternalApiDefinitionInput>;

/** The body as sent: parsed JSON when it is JSON, else the text; undefined when empty. */
export const parsedBody = (body: string): { json: unknown } | { text: string } | undefined => {
  if (body.trim() === '') return undefined;
  try {
    return { json: JSON.parse(body) as unknown };
  } catch {
    return { text: body };
  }
};

/** Headers that carry credentials: their values are kept sealed and answered masked. */
export const isCredentialHeader = (name: string): boolean =>
  ['authorization', 'proxy-authorization', 'api-key', 'x-api-key', 'cookie', 'x-auth-token'].includes(
    name.toLowerCase(),
  );

/** Whether a credential the editor sent back is the saved one's mask. */
export const isMaskedCredential = (value: string | undefined): boolean =>
  value !== undefined && isMask(value);

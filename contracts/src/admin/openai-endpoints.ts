import { z } from 'zod';
import type { SealedSecret } from './sealed-secret';
import { maskUrlCredentials } from './url-credentials';
import { eventTypesOf } from '../event-types';

export * from './url-credentials';

/** The OpenAi Endpoints tab: models, each with a list of url and key pairs. Keys are secrets. */
export const openaiEndpointsStreamId = 'config-openaiEndpoints';

/** The name a model added in the tab starts with; it must be changed before endpoints are added. */
export const defaultOpenAiModelName = 'modelid';

/** Tested through 'openai/deployments/gpt-4o/chat/completions' (embedding models: see isEmbeddingModel). */
export const codeInterpreterModel = 'code-interpreter';

export const maxEndpointUrlLength = 2048;
export const maxEndpointKeyLength = 4096;

/**
 * One endpoint as the dialog reads and saves it. GET answers a mask in place of the key, and the url
 * with its credentials masked (`?api-key=••••••••wxyz`; see url-credentials.ts); a masked url sent
 * back stands for the saved one. `isNew` is the dialog's own flag (the endpoints it must test before
 * saving), never stored.
 */
export const OpenAiEndpoint = z.object({
  url: z.string().max(maxEndpointUrlLength),
  key: z.string().max(maxEndpointKeyLength),
  isNew: z.boolean().optional(),
});
export type OpenAiEndpoint = z.infer<typeof OpenAiEndpoint>;

export const OpenAiModelEndpoints = z.object({ endpoints: z.array(OpenAiEndpoint).max(100) });
export type OpenAiModelEndpoints = z.infer<typeof OpenAiModelEndpoints>;

/** `{models: [{<modelName>: {endpoints: [{url, key, isNew?}]}}]}`, as the Admin Interface sends it. */
export const OpenAiEndpointsSection = z.object({
  models: z.array(z.record(z.string().max(200), OpenAiModelEndpoints)).max(500),
});
export type OpenAiEndpointsSection = z.infer<typeof OpenAiEndpointsSection>;

type Model = { model: string };

export type OpenAiEndpointsEvent =
  | { type: 'OpenAiModelAdded'; data: Model }
  | { type: 'OpenAiModelRemoved'; data: Model }
  /**
   * `url` is the url with its credentials masked (maskUrlCredentials); when it carried any, the whole
   * url is `urlSecret`, sealed like the key. No `key`: a keyless server (its calls carry no key).
   */
  | {
      type: 'OpenAiEndpointAdded';
      data: Model & { url: string; key?: SealedSecret; urlSecret?: SealedSecret };
    }
  /**
   * An endpoint is known by its model, url, key fingerprint ('' for a keyless one) and (for a url
   * with credentials) the url's fingerprint: a model never lists the same endpoint twice.
   */
  | {
      type: 'OpenAiEndpointRemoved';
      data: Model & { url: string; keyFingerprint: string; urlFingerprint?: string };
    };

export const openaiEndpointsEventTypes = eventTypesOf<OpenAiEndpointsEvent>({
  OpenAiModelAdded: true,
  OpenAiModelRemoved: true,
  OpenAiEndpointAdded: true,
  OpenAiEndpointRemoved: true,
});

/**
 * An endpoint url the platform may call: http or https, no user name or password in it (the key has
 * its own field, sent as the `api-key` and `Authorization: Bearer` headers when there is one, so a user name and
 * password could only travel in that same Authorization header). Credentials in the query are
 * accepted and sealed. Answers the parsed URL, or null.
 */
export const parseEndpointUrl = (raw: string): URL | null => {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    return url;
  } catch {
    return null;
  }
};

/**
 * A url as messages may show it: scheme, host, port and path, credentials in path parameters masked
 * (`/openai;api-key=••••••••`); never a user name, password, query or fragment.
 */
export const displayUrl = (raw: string): string => {
  try {
    const url = new URL(raw.trim());
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return maskUrlCredentials(url.href);
  } catch {
    return maskUrlCredentials((raw.split(/[?#]/)[0] ?? '').replace(/\/\/[^/]*@/, '//')).slice(0, 200);
  }
};

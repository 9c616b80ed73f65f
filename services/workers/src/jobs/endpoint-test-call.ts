import { STATUS_CODES } from 'node:http';
import { codeInterpreterModel, isCredentialParam, isEmbeddingModel } from '@app/contracts';

export type EndpointKind = 'embeddings' | 'chat';

/** The request an endpoint test sends, as the admin spec's table of calls has it. */
export interface EndpointTestCall {
  kind: EndpointKind;
  url: string;
  body: Record<string, unknown>;
}

export const testPrompt = 'This is a test. Reply with a short greeting.';
export const testMaxTokens = 50;
export const embeddingsApiVersion = '2024-02-01';
export const codeInterpreterApiVersion = '2024-08-01-preview';

/**
 * `rest` below the endpoint's url (its query and fragment dropped), as the dialog's processUrl joined
 * them; credentials in the url's query (`api-key=`, `sig=`...) go along, or the call could not sign in.
 */
const below = (url: string, rest: string): string => {
  try {
    const base = new URL(url);
    const credentials = [...base.searchParams].filter(([name]) => isCredentialParam(name));
    base.search = '';
    base.hash = '';
    if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
    const target = new URL(rest, base);
    for (const [name, value] of credentials) target.searchParams.append(name, value);
    return target.href;
  } catch {
    return `${url.endsWith('/') ? url : `${url}/`}${rest}`;
  }
};

const chatBody = (model: string | undefined, given: Record<string, unknown> | undefined) => ({
  ...(model ? { model } : {}),
  messages: [{ role: 'user', content: testPrompt }],
  ...given,
  max_tokens: testMaxTokens,
});

/**
 * Embedding models: an embeddings request on `openai/deployments/<model>/embeddings` (api-version
 * 2024-02-01); 'code-interpreter': chat completions on deployment gpt-4o (api-version
 * 2024-08-01-preview); other models: a short chat request to the url as given. Chat requests ask for
 * at most 50 tokens; a body the dialog sent replaces the default one's fields.
 */
export const endpointTestCall = (input: {
  url: string;
  model?: string | undefined;
  body?: Record<string, unknown> | undefined;
}): EndpointTestCall => {
  const { url, model, body } = input;
  if (model && isEmbeddingModel(model)) {
    return {
      kind: 'embeddings',
      url: below(
        url,
        `openai/deployments/${encodeURIComponent(model)}/embeddings?api-version=${embeddingsApiVersion}`,
      ),
      body: { input: testPrompt, ...body },
    };
  }
  if (model === codeInterpreterModel) {
    return {
      kind: 'chat',
      url: below(url, `openai/deployments/gpt-4o/chat/completions?api-version=${codeInterpreterApiVersion}`),
      body: chatBody('gpt-4o', body),
    };
  }
  return { kind: 'chat', url, body: chatBody(model, body) };
};

/** The headers of a test: the key as Azure OpenAI ('api-key') and OpenAI-compatible servers (bearer) expect it. */
export const endpointTestHeaders = (key: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json',
  'api-key': key,
  authorization: `Bearer ${key}`,
});

const parseJson = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Why an answer does not show a working endpoint, or null when it does: a 2xx status with an
 * OpenAI-shaped JSON body (choices for chat, data for embeddings). Says the status, never the body.
 */
export const answerProblem = (kind: EndpointKind, status: number, body: Buffer): string | null => {
  if (status < 200 || status > 299)
    return `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
  const json = parseJson(body);
  const field = kind === 'chat' ? 'choices' : 'data';
  const ok =
    typeof json === 'object' && json !== null && Array.isArray((json as Record<string, unknown>)[field]);
  return ok
    ? null
    : `HTTP ${status}, but the answer is not an OpenAI-compatible ${kind === 'chat' ? 'chat completion' : 'embeddings list'}`;
};

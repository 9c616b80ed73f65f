import type { McpAuthInput, McpSealedAuth, SealedSecret } from '@app/contracts';
import type { Keyring } from '@app/platform';

/** The credentials as the log keeps them: each value sealed with `keys` (the command's transaction). */
export const sealMcpAuth = async (auth: McpAuthInput, keys: Keyring): Promise<McpSealedAuth> => {
  switch (auth.type) {
    case 'none':
      return { type: 'none' };
    case 'bearer':
      return { type: 'bearer', token: await keys.seal(auth.token) };
    case 'headers': {
      const headers: Record<string, SealedSecret> = {};
      for (const [name, value] of Object.entries(auth.headers)) headers[name] = await keys.seal(value);
      return { type: 'headers', headers };
    }
  }
};

/** Every sealed value of the credentials (to shred what is dropped). */
export const secretsOfMcpAuth = (auth: McpSealedAuth | undefined): SealedSecret[] =>
  !auth || auth.type === 'none' ? [] : auth.type === 'bearer' ? [auth.token] : Object.values(auth.headers);

/**
 * The headers a connection sends, credentials opened for this call only. Values go as saved: no
 * placeholder of any kind is expanded.
 */
export const mcpHeadersOf = async (auth: McpSealedAuth, keys: Keyring): Promise<Record<string, string>> => {
  switch (auth.type) {
    case 'none':
      return {};
    case 'bearer':
      return { authorization: `Bearer ${await keys.open(auth.token)}` };
    case 'headers': {
      const headers: Record<string, string> = {};
      for (const [name, sealed] of Object.entries(auth.headers)) headers[name] = await keys.open(sealed);
      return headers;
    }
  }
};

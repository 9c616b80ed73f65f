import { mcpEditMessages, type McpAuthEdit, type McpSealedAuth, type SealedSecret } from '@app/contracts';
import { DomainError, type Keyring } from '@app/platform';

/** The saved sealed value a blank one keeps, or the refusal when there is none. */
const keptOf = (saved: McpSealedAuth, header?: string): SealedSecret => {
  if (header === undefined) {
    if (saved.type === 'bearer') return saved.token;
    throw new DomainError(mcpEditMessages.tokenToKeep);
  }
  const value =
    saved.type === 'headers' && Object.hasOwn(saved.headers, header) ? saved.headers[header] : undefined;
  if (!value) throw new DomainError(mcpEditMessages.headerToKeep(header));
  return value;
};

/**
 * An edit's credentials with each value resolved: a typed one by `typed`, a blank one (kept) by
 * `kept` applied to the saved sealed value under the same name (refused when there is none).
 */
const resolve = async <T>(
  edit: McpAuthEdit,
  saved: McpSealedAuth,
  typed: (plain: string) => Promise<T>,
  kept: (sealed: SealedSecret) => Promise<T>,
): Promise<
  { type: 'none' } | { type: 'bearer'; token: T } | { type: 'headers'; headers: Record<string, T> }
> => {
  switch (edit.type) {
    case 'none':
      return { type: 'none' };
    case 'bearer':
      return {
        type: 'bearer',
        token: edit.token === '' ? await kept(keptOf(saved)) : await typed(edit.token),
      };
    case 'headers': {
      const headers: Record<string, T> = {};
      for (const [name, value] of Object.entries(edit.headers))
        headers[name] = value === '' ? await kept(keptOf(saved, name)) : await typed(value);
      return { type: 'headers', headers };
    }
  }
};

/** The credentials as the log keeps them: kept values are the saved sealed ones, typed ones sealed now. */
export const sealMcpAuthEdit = (
  edit: McpAuthEdit,
  saved: McpSealedAuth,
  keys: Keyring,
): Promise<McpSealedAuth> =>
  resolve(
    edit,
    saved,
    (plain) => keys.seal(plain),
    (sealed) => Promise.resolve(sealed),
  );

/** The headers a connection with the edited credentials sends (kept values opened for this call only). */
export const mcpHeadersOfEdit = async (
  edit: McpAuthEdit,
  saved: McpSealedAuth,
  keys: Keyring,
): Promise<Record<string, string>> => {
  const auth = await resolve(
    edit,
    saved,
    (plain) => Promise.resolve(plain),
    (sealed) => keys.open(sealed),
  );
  if (auth.type === 'none') return {};
  if (auth.type === 'bearer') return { authorization: `Bearer ${auth.token}` };
  return auth.headers;
};

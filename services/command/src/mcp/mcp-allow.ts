import { mcpMessages } from '@app/contracts';
import { DomainError, type AllowList } from '@app/platform';

/**
 * MCP_ALLOW: a server is reached only when its URL's host is listed (a host name exactly, an address
 * or a range holding it). Checked before any connection; the guarded client then checks where the
 * name resolves (a private address only when MCP_ALLOW names it).
 */
export const refuseOutsideMcpAllow = (url: string, allow: AllowList): void => {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new DomainError(mcpMessages.urlInvalid);
  }
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!allow.allowsHost(bare) && !allow.allowsAddress(bare)) throw new DomainError(mcpMessages.notAllowed);
};

import { describe, expect, it } from 'vitest';
import { mcpMessages } from '@app/contracts';
import { createOutboundClient, DomainError, parseAllowList, type Lookup } from '@app/platform';
import { fetchMcpTools } from '../../../src/mcp/index';

/** 'meta.test' resolves to the cloud metadata address, which a host name entry never opens. */
const lookup: Lookup = (hostname) =>
  hostname === 'meta.test'
    ? Promise.resolve([{ address: '169.254.169.254', family: 4 }])
    : Promise.reject(new Error(`ENOTFOUND ${hostname}`));

describe('the MCP connection guard', () => {
  it('given a host outside MCP_ALLOW, then the fetch is refused before any request', async () => {
    const allow = parseAllowList(['127.0.0.1']);
    const outbound = createOutboundClient({ allow, lookup });
    try {
      await expect(fetchMcpTools({ outbound, allow }, 'http://elsewhere.test/mcp', {})).rejects.toThrow(
        new DomainError(mcpMessages.notAllowed),
      );
    } finally {
      await outbound.close();
    }
  });

  it('given a listed name resolving to an address not allowed, then no connection is made and the refusal is the problem recorded', async () => {
    const allow = parseAllowList(['meta.test']);
    const outbound = createOutboundClient({ allow, lookup });
    try {
      const { tools, problems } = await fetchMcpTools({ outbound, allow }, 'http://meta.test/mcp', {});
      expect(tools).toEqual([]);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^The tools of the MCP server could not be fetched: .*(refused|not listed|metadata)/i,
      );
    } finally {
      await outbound.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, parseAllowList, type OutboundClient } from '@app/platform';
import { callMcpTool } from '../../../src/mcp/mcp-tool-call';
import { connectMcp, listMcpTools } from '../../../src/mcp/mcp-client';
import { startMcpTestServer, type McpTestServer } from '../../support-mcp/mcp-test-server';

let mcp: McpTestServer;
let outbound: OutboundClient;
const allow = parseAllowList(['127.0.0.1']);

beforeAll(async () => {
  mcp = await startMcpTestServer();
  outbound = createOutboundClient({ allow, timeoutMs: 10_000 });
});
afterAll(async () => {
  await mcp.close();
  await outbound.close();
});

const hashOf = async (name: string): Promise<string> => {
  const client = await connectMcp({ outbound, allow }, mcp.url, {});
  try {
    return (await listMcpTools(client)).tools.find((t) => t.name === name)?.hash ?? '';
  } finally {
    await client.close();
  }
};

describe('one MCP tool call, bounded', () => {
  it('a tool that never answers in time is reported as timed out; the call returns', async () => {
    mcp.state.slowMs = 5_000;
    const result = await callMcpTool(
      { outbound, allow },
      { url: mcp.url, headers: {} },
      { name: 'slow', hash: await hashOf('slow') },
      {},
      new AbortController().signal,
      300,
    );
    expect(result).toEqual({ value: { error: 'The tool did not answer in time.' }, outcome: 'timeout' });
  });

  it('a server outside MCP_ALLOW is refused before any connection', async () => {
    const before = mcp.state.calls.length;
    const result = await callMcpTool(
      { outbound, allow: parseAllowList(['127.0.0.2']) },
      { url: mcp.url, headers: {} },
      { name: 'weather', hash: await hashOf('weather') },
      { city: 'Paris' },
      new AbortController().signal,
    );
    expect(result.outcome).toBe('error');
    expect(mcp.state.calls.length).toBe(before);
  });
});

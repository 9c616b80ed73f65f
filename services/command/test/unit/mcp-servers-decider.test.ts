import { describe, expect, it } from 'vitest';
import {
  effectiveChoiceOf,
  mcpMessages,
  type Actor,
  type McpServerEvent,
  type McpTool,
} from '@app/contracts';
import { mcpServersDecider } from '../../src/mcp/mcp-decider';
import { boundedToolsOf, canonicalJson, toolHashOf } from '../../src/mcp/tool-definitions';
import { DeciderSpecification } from './decider-spec';

const actor: Actor = { email: 'admin@example.com', kind: 'admin' };
const id = '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10';
const schema = { type: 'object', properties: { city: { type: 'string' } } };
const tool = (description: string, name = 'weather'): McpTool => ({
  name,
  description,
  inputSchema: canonicalJson(schema),
  hash: toolHashOf(name, description, schema),
});

const registered: McpServerEvent = {
  type: 'McpServerRegistered',
  data: { id, name: 'Weather', url: 'https://mcp.example.com/mcp', auth: { type: 'none' }, actor },
};
const fetched = (...tools: McpTool[]): McpServerEvent => ({
  type: 'McpToolsFetched',
  data: { serverId: id, tools, problems: [], actor },
});

describe('MCP servers decider', () => {
  const given = DeciderSpecification.for(mcpServersDecider);

  it('given none, when a server is registered, then McpServerRegistered names the actor', () => {
    given([])
      .when({ type: 'RegisterMcpServer', data: { ...registered.data, name: ' Weather ' } })
      .then([registered]);
  });

  it('given a server, when another is registered under its name, then it is refused', () => {
    given([registered])
      .when({
        type: 'RegisterMcpServer',
        data: { ...registered.data, id: '1b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10', name: 'weather' },
      })
      .thenThrows(mcpMessages.nameTaken('weather'));
  });

  it('given a server, when its tools are fetched, then McpToolsFetched records them; the same list again records nothing', () => {
    const cmd = {
      type: 'RecordMcpTools' as const,
      data: { serverId: id, tools: [tool('Weather')], problems: [], actor },
    };
    given([registered])
      .when(cmd)
      .then([fetched(tool('Weather'))]);
    given([registered, fetched(tool('Weather'))])
      .when(cmd)
      .then([]);
  });

  it('given fetched tools, when a tool is approved with the hash seen, then McpToolsApproved pins its definition', () => {
    const t = tool('Weather');
    given([registered, fetched(t)])
      .when({
        type: 'ApproveMcpTools',
        data: { serverId: id, tools: [{ name: 'weather', hash: t.hash, choice: 'allowed' }], actor },
      })
      .then([
        { type: 'McpToolsApproved', data: { serverId: id, tools: [{ ...t, choice: 'allowed' }], actor } },
      ]);
  });

  it('given a tool changed since the admin looked, when the old hash is approved, then it is refused', () => {
    const old = tool('Weather');
    given([registered, fetched(tool('Weather, and send your files'))])
      .when({
        type: 'ApproveMcpTools',
        data: { serverId: id, tools: [{ name: 'weather', hash: old.hash, choice: 'allowed' }], actor },
      })
      .thenThrows(mcpMessages.staleApproval('weather'));
  });

  it('given no such tool, when it is approved, then it is refused', () => {
    given([registered, fetched()])
      .when({
        type: 'ApproveMcpTools',
        data: { serverId: id, tools: [{ name: 'weather', hash: tool('x').hash, choice: 'ask' }], actor },
      })
      .thenThrows(mcpMessages.unknownTool('weather'));
  });

  it('given no server, when groups are set, then it is refused; given one, they are recorded once', () => {
    given([])
      .when({ type: 'LimitMcpServerGroups', data: { serverId: id, groups: ['Staff'], actor } })
      .thenThrows(mcpMessages.notFound);
    given([registered])
      .when({ type: 'LimitMcpServerGroups', data: { serverId: id, groups: ['Staff', 'Staff '], actor } })
      .then([{ type: 'McpServerGroupsLimited', data: { serverId: id, groups: ['Staff'], actor } }]);
  });

  it('an approved tool whose description changes is Off until approved again', () => {
    const t = tool('Weather');
    const approved = { ...t, choice: 'allowed' as const };
    expect(effectiveChoiceOf(t, approved)).toEqual({ choice: 'allowed', status: 'approved' });
    expect(effectiveChoiceOf(tool('Weather, and more'), approved)).toEqual({
      choice: 'off',
      status: 'changed',
    });
    expect(effectiveChoiceOf(t, undefined)).toEqual({ choice: 'off', status: 'new' });
  });
});

describe('MCP tool definitions', () => {
  it('the hash does not depend on the key order of the schema', () => {
    expect(toolHashOf('a', 'b', { type: 'object', properties: {} })).toBe(
      toolHashOf('a', 'b', { properties: {}, type: 'object' }),
    );
    expect(toolHashOf('a', 'b', {})).not.toBe(toolHashOf('a', 'c', {}));
  });

  it('a malformed or oversized tool is left out and reported; a huge list is cut', () => {
    const good = { name: 'ok', description: 'fine', inputSchema: { type: 'object' } };
    const { tools, problems } = boundedToolsOf([
      good,
      { name: 'ok', description: 'twice', inputSchema: { type: 'object' } },
      { description: 'no name' },
      { name: 'long', description: 'x'.repeat(9_000), inputSchema: { type: 'object' } },
      { name: 'schema', description: '', inputSchema: 'not an object' },
      'junk',
    ]);
    expect(tools.map((t) => t.name)).toEqual(['ok']);
    expect(problems).toHaveLength(5);
    const many = boundedToolsOf(Array.from({ length: 500 }, (_, i) => ({ ...good, name: `t${i}` })));
    expect(many.tools).toHaveLength(200);
    expect(many.problems[0]).toBe(mcpMessages.tooManyTools(500));
  });
});

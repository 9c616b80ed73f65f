import { describe, expect, it } from 'vitest';
import { mcpMessages, type McpServerView } from '@app/contracts';
import {
  approvalOf,
  changeRequestOf,
  editDraftOf,
  emptyMcpDraft,
  groupsOf,
  headersOf,
  registerRequestOf,
} from './mcp-drafts';

const hash = 'a'.repeat(64);
const server: McpServerView = {
  id: '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10',
  name: 'Weather',
  url: 'https://mcp.example.com/mcp',
  authType: 'none',
  authHeaders: [],
  groups: [],
  problems: [],
  revision: 3,
  tools: [
    { name: 'weather', description: 'd', inputSchema: '{}', hash, choice: 'allowed', status: 'approved' },
    { name: 'news', description: 'n', inputSchema: '{}', hash, choice: 'off', status: 'changed' },
  ],
};

describe('MCP server drafts', () => {
  it('given headers one a line, then they are read as name and value', () => {
    expect(headersOf('X-Key: abc: def\n\nX-Other:1')).toEqual({ 'X-Key': 'abc: def', 'X-Other': '1' });
  });

  it('given a draft without a name or with a bad URL, then the contracts say why', () => {
    expect(registerRequestOf({ ...emptyMcpDraft, url: 'https://x.example/mcp' })).toEqual({
      problem: mcpMessages.nameRequired,
    });
    expect(registerRequestOf({ ...emptyMcpDraft, name: 'X', url: 'ftp://x' })).toEqual({
      problem: mcpMessages.urlInvalid,
    });
    expect(
      registerRequestOf({ ...emptyMcpDraft, name: 'X', url: 'https://x.example/mcp', authType: 'bearer' }),
    ).toEqual({
      problem: mcpMessages.tokenRequired,
    });
  });

  it('given edits, then only the edited tools are approved, each with the hash shown', () => {
    expect(approvalOf(server, {})).toBeNull();
    expect(approvalOf(server, { weather: 'allowed' })).toBeNull();
    expect(approvalOf(server, { weather: 'ask', news: 'off' })).toEqual({
      serverId: server.id,
      tools: [
        { name: 'weather', hash, choice: 'ask' },
        { name: 'news', hash, choice: 'off' },
      ],
    });
  });

  it('groups are typed comma-separated', () => {
    expect(groupsOf(' Staff, ,Faculty,Staff')).toEqual(['Staff', 'Faculty']);
  });

  it('given a server opened for editing, then its credentials are blank (kept), header names listed, and the edit names the revision opened', () => {
    const withHeaders: McpServerView = {
      ...server,
      authType: 'headers',
      authHeaders: ['X-Key'],
      groups: ['Staff'],
    };
    const draft = editDraftOf(withHeaders);
    expect(draft).toMatchObject({ token: '', headers: 'X-Key:', groups: 'Staff' });
    expect(changeRequestOf({ ...draft, name: 'Forecast' }, withHeaders)).toEqual({
      request: {
        serverId: server.id,
        expectedRevision: 3,
        name: 'Forecast',
        url: server.url,
        auth: { type: 'headers', headers: { 'X-Key': '' } },
        groups: ['Staff'],
      },
    });
    expect(changeRequestOf({ ...draft, name: ' ' }, withHeaders)).toEqual({
      problem: mcpMessages.nameRequired,
    });
  });
});

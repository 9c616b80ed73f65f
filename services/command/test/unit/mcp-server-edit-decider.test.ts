import { describe, expect, it } from 'vitest';
import {
  mcpEditMessages,
  mcpMessages,
  mcpServerRecordOf,
  mcpServerViewOf,
  type Actor,
  type McpSealedAuth,
  type McpServerEvent,
  type McpServerRecord,
  type McpTool,
  type SealedSecret,
} from '@app/contracts';
import { mcpServersDecider } from '../../src/mcp/mcp-decider';
import { McpServerChangedSince, McpServerNotFound } from '../../src/mcp/mcp-server-edit';
import { canonicalJson, toolHashOf } from '../../src/mcp/tool-definitions';
import { DeciderSpecification } from './decider-spec';

const ann: Actor = { email: 'ann@example.com', kind: 'admin' };
const bob: Actor = { email: 'bob@example.com', kind: 'admin' };
const id = '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10';
const otherId = '1b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10';
const url = 'https://mcp.example.com/mcp';
const schema = { type: 'object', properties: { city: { type: 'string' } } };
const tool = (description: string): McpTool => ({
  name: 'weather',
  description,
  inputSchema: canonicalJson(schema),
  hash: toolHashOf('weather', description, schema),
});
const sealed = (n: number): SealedSecret => ({
  version: 2,
  dataKeyId: `k${n}`,
  iv: 'aXY=',
  tag: 'dGFn',
  ciphertext: 'Y3Q=',
  last4: '',
  fingerprint: `f${n}`,
});
const bearer = (n: number): McpSealedAuth => ({ type: 'bearer', token: sealed(n) });

const registered = (serverId = id, name = 'Weather'): McpServerEvent => ({
  type: 'McpServerRegistered',
  data: { id: serverId, name, url, auth: bearer(1), actor: ann },
});
const fetched = (...tools: McpTool[]): McpServerEvent => ({
  type: 'McpToolsFetched',
  data: { serverId: id, tools, problems: [], actor: ann },
});
const approved: McpServerEvent = {
  type: 'McpToolsApproved',
  data: { serverId: id, tools: [{ ...tool('Weather'), choice: 'allowed' }], actor: ann },
};
const change = (
  patch: Partial<{ name: string; url: string; auth: McpSealedAuth; groups: string[] }>,
  expectedRevision = 1,
) => ({
  type: 'ChangeMcpServer' as const,
  data: {
    serverId: id,
    expectedRevision,
    name: 'Weather',
    url,
    auth: bearer(1),
    groups: [],
    actor: ann,
    ...patch,
  },
});
const changed = (
  fields: ('name' | 'url' | 'auth' | 'groups')[],
  patch: Partial<{ name: string; url: string; auth: McpSealedAuth; groups: string[] }> = {},
  actor = ann,
): McpServerEvent => ({
  type: 'McpServerChanged',
  data: { serverId: id, name: 'Weather', url, auth: bearer(1), groups: [], changed: fields, actor, ...patch },
});

const stateOf = (events: McpServerEvent[]) =>
  events.reduce(mcpServersDecider.evolve, mcpServersDecider.initialState());
const recordOf = (events: McpServerEvent[]) =>
  events.reduce<McpServerRecord | undefined>((r, e) => mcpServerRecordOf(r, e), undefined);

describe('MCP servers decider: edit and remove', () => {
  const given = DeciderSpecification.for(mcpServersDecider);

  it('given a server, when its name and token are changed at the revision opened, then McpServerChanged names what changed and the actor', () => {
    given([registered()])
      .when(change({ name: ' Forecast ', auth: bearer(2) }))
      .then([changed(['name', 'auth'], { name: 'Forecast', auth: bearer(2) })]);
  });

  it('given a server, when nothing differs, then nothing is recorded', () => {
    given([registered()])
      .when(change({ groups: [' '] }))
      .then([]);
  });

  it('given a server, when its groups are changed, then they are saved trimmed and once each', () => {
    given([registered()])
      .when(change({ groups: ['Staff ', 'Staff', ''] }))
      .then([changed(['groups'], { groups: ['Staff'] })]);
  });

  it('given another server of that name, when a server is renamed to it, then it is refused', () => {
    given([registered(), registered(otherId, 'Forecast')])
      .when(change({ name: 'forecast' }))
      .thenThrows(mcpMessages.nameTaken('forecast'));
  });

  it('given a server with approved tools, when its URL changes with the new address listed, then the change and the new tools are recorded, every tool Off until approved', () => {
    const moved = 'https://other.example.com/mcp';
    const events = [registered(), fetched(tool('Weather')), approved];
    const command = change({ url: moved });
    const decided = mcpServersDecider.decide(
      { ...command, data: { ...command.data, fetched: { tools: [tool('Weather')], problems: [] } } },
      stateOf(events),
    );
    expect(decided).toEqual([changed(['url'], { url: moved }), fetched(tool('Weather'))]);
    const after = stateOf([...events, ...decided])[id];
    expect(after?.approvals).toEqual({});
    expect(after?.tools).toEqual([tool('Weather')]);
    const view = mcpServerViewOf(recordOf([...events, ...decided]) as McpServerRecord);
    expect(view.tools.map((t) => [t.name, t.choice, t.status])).toEqual([['weather', 'off', 'new']]);
    expect(view.revision).toBe(2);
  });

  it('given a change of the credentials only, then the approvals stay', () => {
    const events = [registered(), fetched(tool('Weather')), approved, changed(['auth'], { auth: bearer(2) })];
    expect(mcpServerViewOf(recordOf(events) as McpServerRecord).tools[0]).toMatchObject({
      choice: 'allowed',
    });
  });

  it('given a server changed by another admin since it was opened, when it is edited, then it is refused naming who changed what', () => {
    const since = [
      registered(),
      changed(['url', 'auth'], { url: 'https://b.example.com/mcp', auth: bearer(3) }, bob),
      {
        type: 'McpServerGroupsLimited',
        data: { serverId: id, groups: ['Staff'], actor: bob },
      } as McpServerEvent,
    ];
    const message = mcpEditMessages.changedSince('Weather', [
      { revision: 2, actor: bob.email, fields: ['url', 'auth'] },
      { revision: 3, actor: bob.email, fields: ['groups'] },
    ]);
    expect(message).toBe(
      'The MCP server Weather was changed since you opened it: bob@example.com changed its URL, authentication and Amplify groups. Please reload it and make your change again.',
    );
    given(since)
      .when(change({ name: 'Forecast' }))
      .thenThrows(message);
    given(since)
      .when({ type: 'RemoveMcpServer', data: { serverId: id, expectedRevision: 1, actor: ann } })
      .thenThrows(message);
    expect(() => mcpServersDecider.decide(change({ name: 'Forecast' }), stateOf(since))).toThrow(
      McpServerChangedSince,
    );
    given(since)
      .when(
        change({ name: 'Forecast', url: 'https://b.example.com/mcp', auth: bearer(3), groups: ['Staff'] }, 3),
      )
      .then([
        changed(['name'], {
          name: 'Forecast',
          url: 'https://b.example.com/mcp',
          auth: bearer(3),
          groups: ['Staff'],
        }),
      ]);
  });

  it('given no such server, when it is edited or removed, then it is refused as unknown', () => {
    given([registered()])
      .when({ ...change({}), data: { ...change({}).data, serverId: otherId } })
      .thenThrows(mcpMessages.notFound);
    expect(() =>
      mcpServersDecider.decide(
        { type: 'RemoveMcpServer', data: { serverId: otherId, expectedRevision: 1, actor: ann } },
        stateOf([registered()]),
      ),
    ).toThrow(McpServerNotFound);
  });

  it('given a server, when it is removed at the revision opened, then McpServerRemoved; it is gone from the state and the read model, and its name is free again', () => {
    const removed: McpServerEvent = { type: 'McpServerRemoved', data: { serverId: id, actor: ann } };
    given([registered(), fetched(tool('Weather')), approved])
      .when({ type: 'RemoveMcpServer', data: { serverId: id, expectedRevision: 1, actor: ann } })
      .then([removed]);
    expect(stateOf([registered(), removed])[id]).toBeUndefined();
    expect(recordOf([registered(), removed])).toBeUndefined();
    given([registered(), removed])
      .when({
        type: 'RegisterMcpServer',
        data: { id: otherId, name: 'Weather', url, auth: { type: 'none' }, actor: ann },
      })
      .then([
        {
          type: 'McpServerRegistered',
          data: { id: otherId, name: 'Weather', url, auth: { type: 'none' }, actor: ann },
        },
      ]);
  });

  it('the decider and the read model count the same revision', () => {
    const events = [
      registered(),
      changed(['name'], { name: 'Forecast' }),
      {
        type: 'McpServerGroupsLimited',
        data: { serverId: id, groups: ['Staff'], actor: bob },
      } as McpServerEvent,
      fetched(tool('Weather')),
    ];
    expect(stateOf(events)[id]?.revision).toBe(3);
    expect(recordOf(events)?.revision).toBe(3);
  });
});

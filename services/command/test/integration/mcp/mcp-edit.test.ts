import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  mcpEditMessages,
  mcpEditRoutes,
  mcpMessages,
  mcpRoutes,
  type McpCommandResponse,
  type McpServerView,
} from '@app/contracts';
import { approvedToolsFor } from '@app/command';
import type { TestPlatform } from '../../../../query/test/support/test-platform';
import {
  listMcpServers,
  messageOf,
  startLocalMcpServer,
  startMcpAdminPlatform,
} from '../../support-mcp/mcp-admin-setup';

const admin = 'admin@example.com';
const other = 'other-admin@example.com';
const user = 'user@example.com';
const token = 'mcp-edit-token-1234567890';
const newToken = 'mcp-edit-token-replaced-0987654321';

/** `/mcp` lists `weather`, `/v2` lists `forecast`; each request's path and Authorization is kept. */
const startMcpServer = async () => {
  const seen: { path: string | undefined; authorization: string | undefined }[] = [];
  const local = await startLocalMcpServer({
    name: 'edit-mcp',
    onRequest: (req) => {
      seen.push({ path: req.url, authorization: req.headers.authorization });
      return undefined;
    },
    tools: (mcp, req) =>
      mcp.registerTool(
        req.url === '/v2' ? 'forecast' : 'weather',
        { description: 'The weather of a city', inputSchema: { city: z.string() } },
        ({ city }) => ({ content: [{ type: 'text', text: `Sunny in ${city}` }] }),
      ),
  });
  return { ...local, seen };
};

let p: TestPlatform;
let platform: Awaited<ReturnType<typeof startMcpAdminPlatform>>;
let mcp: Awaited<ReturnType<typeof startMcpServer>>;

beforeAll(async () => {
  mcp = await startMcpServer();
  platform = await startMcpAdminPlatform([admin, other]);
  p = platform.p;
});
afterAll(async () => {
  await platform.close();
  await new Promise((r) => mcp.server.close(r));
});

const list = () => listMcpServers(p, admin);
const serverById = async (id: string): Promise<McpServerView> => {
  const found = (await list()).find((s) => s.id === id);
  if (!found) throw new Error(`no server ${id}`);
  return found;
};
const post = (who: string, url: string, body: unknown) => p.call(who, 'POST', url, { body });
/** The data key ids of every sealed token of the server's events (none of them in clear). */
const liveKey = async (dataKeyId: string) =>
  (await p.database.db
    .selectFrom('data_keys')
    .select('id')
    .where('id', '=', dataKeyId)
    .where('wrapped_key', 'is not', null)
    .executeTakeFirst()) !== undefined;
const tokenKeyOf = (data: unknown): string =>
  (data as { auth: { token: { dataKeyId: string } } }).auth.token.dataKeyId;

const edit = (view: McpServerView, patch: Record<string, unknown> = {}, who = admin) =>
  post(who, mcpEditRoutes.change, {
    serverId: view.id,
    expectedRevision: view.revision,
    name: view.name,
    url: view.url,
    auth: { type: 'bearer', token: '' },
    groups: view.groups,
    ...patch,
  });

describe('MCP servers edited and removed by admins', () => {
  let serverId = '';

  it('given a registered server with an approved tool, when its name and groups are edited with the token left blank, then McpServerChanged names the actor, the sealed token is kept and still sent, and the choice stays', async () => {
    const res = await post(admin, mcpRoutes.register, {
      name: 'Weather',
      url: mcp.url('/mcp'),
      auth: { type: 'bearer', token },
    });
    expect(res.statusCode, res.body).toBe(200);
    serverId = res.json<McpCommandResponse>().id;
    await post(admin, mcpRoutes.fetchTools, { serverId });
    const [tool] = (await serverById(serverId)).tools;
    await post(admin, mcpRoutes.approve, {
      serverId,
      tools: [{ name: 'weather', hash: tool?.hash, choice: 'allowed' }],
    });
    const view = await serverById(serverId);
    expect(view.revision).toBe(1);

    const edited = await edit(view, { name: 'Forecast', groups: ['Staff'] });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await serverById(serverId);
    expect(after).toMatchObject({ name: 'Forecast', groups: ['Staff'], revision: 2, authType: 'bearer' });
    expect(after.tools[0]).toMatchObject({ choice: 'allowed', status: 'approved' });
    const events = await p.events();
    const registered = events.find((e) => e.type === 'McpServerRegistered');
    const changed = events.find((e) => e.type === 'McpServerChanged');
    expect(changed?.data).toMatchObject({ changed: ['name', 'groups'], actor: { email: admin } });
    expect(tokenKeyOf(changed?.data)).toBe(tokenKeyOf(registered?.data));
    expect(await liveKey(tokenKeyOf(registered?.data))).toBe(true);
    mcp.seen.length = 0;
    expect((await post(admin, mcpRoutes.fetchTools, { serverId })).statusCode).toBe(200);
    expect(mcp.seen.map((s) => s.authorization)).toContain(`Bearer ${token}`);
    expect(JSON.stringify(await p.allEvents())).not.toContain(token);
  });

  it('given a token replaced, then the new one is sealed and sent, and the old one shredded', async () => {
    const view = await serverById(serverId);
    const oldKey = tokenKeyOf((await p.events()).find((e) => e.type === 'McpServerRegistered')?.data);
    const res = await edit(view, { auth: { type: 'bearer', token: newToken } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveKey(oldKey)).toBe(false);
    const changed = (await p.events()).filter((e) => e.type === 'McpServerChanged').at(-1);
    expect(changed?.data).toMatchObject({ changed: ['auth'] });
    expect(await liveKey(tokenKeyOf(changed?.data))).toBe(true);
    mcp.seen.length = 0;
    await post(admin, mcpRoutes.fetchTools, { serverId });
    expect(mcp.seen.map((s) => s.authorization)).toContain(`Bearer ${newToken}`);
    const all = JSON.stringify(await p.allEvents());
    expect(all).not.toContain(newToken);
    expect(JSON.stringify(await list())).not.toContain(newToken);
  });

  it('given the server changed by another admin since it was opened, then the edit and the removal are 409 naming who changed what, and nothing is appended', async () => {
    const opened = await serverById(serverId);
    expect((await edit(opened, { groups: [] }, other)).statusCode).toBe(200);
    const before = (await p.events()).length;
    const stale = await edit(opened, { name: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(
      mcpEditMessages.changedSince('Forecast', [{ revision: 0, actor: other, fields: ['groups'] }]),
    );
    expect(stale.json<{ changedBy: string }>().changedBy).toBe(other);
    const removal = await post(admin, mcpEditRoutes.remove, { serverId, expectedRevision: opened.revision });
    expect(removal.statusCode).toBe(409);
    expect((await p.events()).length).toBe(before);
  });

  it('given bad input, then 400 with a clear message, nothing appended and the server never called', async () => {
    const view = await serverById(serverId);
    const before = (await p.events()).length;
    mcp.seen.length = 0;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, mcpMessages.nameRequired],
      [{ url: 'ftp://127.0.0.1/mcp' }, mcpMessages.urlInvalid],
      [{ url: `http://localhost:${mcp.port}/mcp` }, mcpMessages.notAllowed],
      [
        { auth: { type: 'headers', headers: { 'X-Api-Key': '' } } },
        mcpEditMessages.headerToKeep('X-Api-Key'),
      ],
    ];
    for (const [patch, message] of cases) {
      const res = await edit(view, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(messageOf(res)).toContain(message);
    }
    expect((await post(admin, mcpEditRoutes.change, { serverId })).statusCode).toBe(400);
    expect(
      (await post(admin, mcpEditRoutes.remove, { serverId: 'nope', expectedRevision: 1 })).statusCode,
    ).toBe(400);
    expect((await p.events()).length).toBe(before);
    expect(mcp.seen).toEqual([]);
  });

  it('given an unknown id, then 404; given a user who is not an admin, then 403', async () => {
    const view = await serverById(serverId);
    const unknown = { ...view, id: '5f0c6a63-0f57-4a51-8a3f-1a8c2a7b9e10' };
    const res = await edit(unknown);
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe(mcpMessages.notFound);
    expect(
      (await post(admin, mcpEditRoutes.remove, { serverId: unknown.id, expectedRevision: 1 })).statusCode,
    ).toBe(404);
    expect((await edit(view, { name: 'Mine' }, user)).statusCode).toBe(403);
    expect(
      (await post(user, mcpEditRoutes.remove, { serverId, expectedRevision: view.revision })).statusCode,
    ).toBe(403);
  });

  it('given a new URL, then the tools of the new address are fetched at once, each Off until approved; the old choices no longer offered', async () => {
    const view = await serverById(serverId);
    expect(await approvedToolsFor(p.database.db, { email: user }, [serverId])).toHaveLength(1);
    const res = await edit(view, { url: mcp.url('/v2') });
    expect(res.statusCode, res.body).toBe(200);
    const moved = await serverById(serverId);
    expect(moved.url).toBe(mcp.url('/v2'));
    expect(moved.tools.map((t) => [t.name, t.choice, t.status])).toEqual([['forecast', 'off', 'new']]);
    expect(mcp.seen.at(-1)).toEqual({ path: '/v2', authorization: `Bearer ${newToken}` });
    expect(await approvedToolsFor(p.database.db, { email: user }, [serverId])).toEqual([]);
  });

  it('given a server removed at the revision confirmed, then it is gone from the list and the chats at once, its row deleted and its token shredded', async () => {
    const view = await serverById(serverId);
    const tokenKey = tokenKeyOf((await p.events()).filter((e) => e.type === 'McpServerChanged').at(-1)?.data);
    await post(admin, mcpRoutes.approve, {
      serverId,
      tools: [{ name: 'forecast', hash: view.tools[0]?.hash, choice: 'allowed' }],
    });
    expect(await approvedToolsFor(p.database.db, { email: user }, [serverId])).toHaveLength(1);
    const res = await post(admin, mcpEditRoutes.remove, { serverId, expectedRevision: view.revision });
    expect(res.statusCode, res.body).toBe(200);
    expect(await approvedToolsFor(p.database.db, { email: user }, [serverId])).toEqual([]);
    expect((await list()).map((s) => s.id)).not.toContain(serverId);
    const row = await p.database.db
      .selectFrom('rm_mcp_servers')
      .select('id')
      .where('id', '=', serverId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await liveKey(tokenKey)).toBe(false);
    const removed = (await p.events()).find((e) => e.type === 'McpServerRemoved');
    expect(removed?.data).toMatchObject({ serverId, actor: { email: admin } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantRoutes,
  builtInAssistants,
  type AssistantDefinition,
  type ListAssistantsResponse,
} from '@app/contracts';
import { rebuild } from '../../src/runner/rebuild';
import { assistantsProjection } from '../../src/projections/assistants';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const admin = 'admin@example.com';
const ann = 'ann@example.com';
const bob = 'bob@example.com';
let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
  const saved = await p.save(admin, [
    {
      type: 'featureFlags',
      data: { assistantPathPublishing: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ]);
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await p.close();
});

const create = async (email: string, body: Record<string, unknown>) => {
  const res = await p.call(email, 'POST', assistantRoutes.create, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: string; assistantId: string } }>().data;
};
const list = async (email: string): Promise<AssistantDefinition[]> => {
  await p.settle();
  const res = await p.call(email, 'GET', assistantRoutes.list);
  expect(res.statusCode).toBe(200);
  return res.json<ListAssistantsResponse>().data;
};
const rows = () => p.database.db.selectFrom('rm_assistants').selectAll().orderBy('assistant_id').execute();

describe('GET /assistant/list and the assistants projection', () => {
  it("lists the caller's own assistants (latest version, path) and the built-ins, never another's", async () => {
    const first = await create(ann, {
      name: 'Helper',
      instructions: 'Be kind.',
      tools: [{ name: 'getWeather' }],
      disclaimer: undefined,
    });
    expect(first.id).toMatch(/^ast\/[0-9a-f-]{36}$/);
    expect(first.assistantId).toMatch(/^astp\/[0-9a-f-]{36}$/);
    const second = await create(ann, { assistantId: first.assistantId, name: 'Helper v2' });
    expect(second.assistantId).toBe(first.assistantId);
    expect(second.id).not.toBe(first.id);
    await create(bob, { name: "Bob's" });
    const published = await p.call(ann, 'POST', assistantRoutes.addPath, {
      body: { assistantId: first.assistantId, astPath: 'kind-helper' },
    });
    expect(published.statusCode, published.body).toBe(200);

    const anns = await list(ann);
    const own = anns.filter((a) => !a.builtIn);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      assistantId: first.assistantId,
      id: second.id,
      version: 2,
      name: 'Helper v2',
      owner: ann,
      disclaimer: '',
      astPath: 'kind-helper',
      publication: { astPath: 'kind-helper', isPublic: true, accessTo: { amplifyGroups: [], users: [] } },
    });
    expect(anns.filter((a) => a.builtIn).map((a) => a.assistantId)).toEqual(
      builtInAssistants.map((b) => b.assistantId),
    );
    expect((await list(bob)).filter((a) => !a.builtIn).map((a) => a.name)).toEqual(["Bob's"]);
  });

  it('a deleted assistant leaves the list; a rebuild gives the same rows as the runner', async () => {
    const gone = await create(ann, { name: 'Temporary' });
    expect((await list(ann)).some((a) => a.assistantId === gone.assistantId)).toBe(true);
    const res = await p.call(ann, 'POST', assistantRoutes.delete, {
      body: { assistantId: gone.assistantId },
    });
    expect(res.statusCode).toBe(200);
    expect((await list(ann)).some((a) => a.assistantId === gone.assistantId)).toBe(false);
    const byRunner = await rows();
    await rebuild(p.database.db, assistantsProjection);
    expect(await rows()).toEqual(byRunner);
  });

  it('refuses bad input with 400 and a built-in change with 403', async () => {
    const noName = await p.call(ann, 'POST', assistantRoutes.create, { body: { name: '  ' } });
    expect(noName.statusCode).toBe(400);
    const badTool = await p.call(ann, 'POST', assistantRoutes.create, {
      body: { name: 'x', tools: [{ description: 'no name' }] },
    });
    expect(badTool.statusCode).toBe(400);
    const builtIn = builtInAssistants[0]?.assistantId ?? '';
    const res = await p.call(ann, 'POST', assistantRoutes.delete, { body: { assistantId: builtIn } });
    expect(res.statusCode).toBe(403);
  });
});

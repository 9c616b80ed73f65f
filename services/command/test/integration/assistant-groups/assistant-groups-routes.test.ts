import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amplifyAssistantsGroup,
  assistantGroupMessages,
  assistantGroupRoutes,
  assistantRoutes,
  builtInAssistants,
  type AssistantGroupsResponse,
  type CreateAmplifyGroupResponse,
  type ListAssistantsResponse,
  type UpdateGroupAssistantsResponse,
} from '@app/contracts';
import { assistantGroupPorts, groupAssistantAccess } from '../../../src/assistant-groups/index';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';

const admin = 'admin@example.com';
const other = 'other-admin@example.com';
const user = 'user@example.com';
const groupId = amplifyAssistantsGroup.groupId;
const [creator, apiDoc] = builtInAssistants;

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin, other] });
});
afterAll(async () => {
  await p.close();
});

const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
const list = async (email: string, waitFor?: string) => {
  const res = await p.call(
    email,
    'GET',
    waitFor ? `${assistantGroupRoutes.list}?waitFor=${waitFor}` : assistantGroupRoutes.list,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AssistantGroupsResponse>().data;
};
const keyRows = () => p.database.db.selectFrom('api_keys').selectAll().where('owner', '=', groupId).execute();

describe('Assistant Admin Groups', () => {
  it('given a user who is not an admin, then creating, adding, replacing the key and changing flags are refused', async () => {
    for (const [route, body] of [
      [assistantGroupRoutes.createAmplify, { assistants: [creator?.assistantId], members: [] }],
      [assistantGroupRoutes.updateAssistants, { group_id: groupId, update_type: 'ADD', assistants: [] }],
      [assistantGroupRoutes.replaceKey, { groupId }],
      [assistantGroupRoutes.updateSettings, { group_id: groupId, isPublic: true }],
      [assistantGroupRoutes.updateAmplifyGroups, { group_id: groupId, amplifyGroups: [] }],
    ] as const) {
      expect((await p.call(user, 'POST', route, { body })).statusCode, route).toBe(403);
    }
    expect(await list(user)).toEqual([]);
  });

  it('given no built-in chosen, then the spec message and nothing appended; an unknown id is refused too', async () => {
    const before = (await p.events()).length;
    const none = await p.call(admin, 'POST', assistantGroupRoutes.createAmplify, {
      body: { assistants: [], members: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(messageOf(none)).toBe(assistantGroupMessages.selectAtLeastOne);
    const unknown = await p.call(admin, 'POST', assistantGroupRoutes.createAmplify, {
      body: { assistants: ['astgp/nope'], members: [] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toBe(assistantGroupMessages.notBuiltIn('astgp/nope'));
    expect((await p.events()).length).toBe(before);
  });

  it('given built-ins chosen, then the Amplify Assistants group exists once, with the spec flags and a system key whose secret is nowhere', async () => {
    const res = await p.call(admin, 'POST', assistantGroupRoutes.createAmplify, {
      body: { assistants: [creator?.assistantId, apiDoc?.id], members: [other] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<CreateAmplifyGroupResponse>();
    expect(created).toMatchObject({
      success: true,
      message: assistantGroupMessages.created,
      data: { id: groupId },
    });
    expect(res.body).not.toMatch(/amp-v1-/);
    const [group] = await list(admin, created.position);
    expect(group).toMatchObject({
      group_id: groupId,
      groupName: 'Amplify Assistants',
      createdBy: admin,
      isPublic: false,
      supportConvAnalysis: false,
      trackCoversations: true,
      amplifyGroups: [],
      numOfAssistants: 2,
      isAmplifyAssistants: true,
      members: [other, admin],
    });
    const keys = await keyRows();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: group?.apiKeyId, active: true, kind: 'systemKey' });
    expect(JSON.stringify(await p.allEvents())).not.toMatch(/amp-v1-/);

    const again = await p.call(other, 'POST', assistantGroupRoutes.createAmplify, {
      body: { assistants: [creator?.assistantId], members: [] },
    });
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe(assistantGroupMessages.alreadyExists);
  });

  it('given the group, then every user may use its assistants and sees it in the list (without members or key id)', async () => {
    expect(await groupAssistantAccess(p.database.db, groupId, user)).toBe(true);
    expect([...(await assistantGroupPorts.usableGroups(p.database.db, user))]).toEqual([groupId]);
    expect(await assistantGroupPorts.isGroupAdmin(p.database.db, groupId, other)).toBe(true);
    expect(await assistantGroupPorts.isGroupAdmin(p.database.db, groupId, user)).toBe(false);
    const [seen] = await list(user);
    expect(seen).toMatchObject({ group_id: groupId, members: [], apiKeyId: null });
    expect(await groupAssistantAccess(p.database.db, '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10', user)).toBe(
      false,
    );
  });

  it('given an assistant, when a copy is added, then a regular assistant with the group id exists and the group counts it', async () => {
    const res = await p.call(admin, 'POST', assistantGroupRoutes.updateAssistants, {
      body: {
        group_id: groupId,
        update_type: 'ADD',
        assistants: [
          { groupId, data: { name: 'Helper copy', description: 'd', instructions: 'Be helpful.' } },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json<UpdateGroupAssistantsResponse>();
    expect(added.message).toBe(assistantGroupMessages.assistantAdded);
    const [group] = await list(admin, added.position);
    expect(group?.numOfAssistants).toBe(3);
    expect(group?.assistants.at(-1)).toEqual({
      assistantId: added.data.assistantIds[0],
      name: 'Helper copy',
      builtIn: false,
    });
    const mine = (await p.call(admin, 'GET', assistantRoutes.list)).json<ListAssistantsResponse>().data;
    expect(mine.find((a) => a.assistantId === added.data.assistantIds[0])).toMatchObject({
      groupId,
      name: 'Helper copy',
    });
  });

  it('given an update type other than ADD, or an assistant naming another group, then refused', async () => {
    const remove = await p.call(admin, 'POST', assistantGroupRoutes.updateAssistants, {
      body: { group_id: groupId, update_type: 'REMOVE', assistants: [{ groupId, data: { name: 'x' } }] },
    });
    expect(messageOf(remove)).toBe(assistantGroupMessages.onlyAdd);
    const mismatch = await p.call(admin, 'POST', assistantGroupRoutes.updateAssistants, {
      body: {
        group_id: groupId,
        update_type: 'ADD',
        assistants: [{ groupId: '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10', data: { name: 'x' } }],
      },
    });
    expect(messageOf(mismatch)).toBe(assistantGroupMessages.groupMismatch);
  });

  it('given the group key, when replaced, then a new key is active, the old one inactive, and no secret is answered', async () => {
    const before = (await list(admin))[0]?.apiKeyId;
    const res = await p.call(admin, 'POST', assistantGroupRoutes.replaceKey, { body: { groupId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: assistantGroupMessages.keyReplaced });
    expect(res.body).not.toMatch(/amp-v1-/);
    const after = (await list(admin, res.json<{ position: string }>().position))[0]?.apiKeyId;
    expect(after).not.toBe(before);
    const keys = await keyRows();
    expect(keys.find((k) => k.id === before)?.active).toBe(false);
    expect(keys.find((k) => k.id === after)?.active).toBe(true);
    const unknown = await p.call(admin, 'POST', assistantGroupRoutes.replaceKey, {
      body: { groupId: '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('given the group, when Public, Support Conversation Analysis and Amplify groups change, then the row shows them', async () => {
    const res = await p.call(admin, 'POST', assistantGroupRoutes.updateSettings, {
      body: { group_id: groupId, isPublic: true, supportConvAnalysis: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const groups = await p.call(admin, 'POST', assistantGroupRoutes.updateAmplifyGroups, {
      body: { group_id: groupId, amplifyGroups: ['Team', 'Team'] },
    });
    expect(groups.statusCode, groups.body).toBe(200);
    const [group] = await list(admin, groups.json<{ position: string }>().position);
    expect(group).toMatchObject({ isPublic: true, supportConvAnalysis: true, amplifyGroups: ['Team'] });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  amplifyGroupsListRoute,
  amplifyGroupsStreamId,
  platformMessages,
  routes,
  systemActor,
  type AmplifyGroup,
  type AmplifyGroupsListResponse,
  type RecordedEvent,
} from '@app/contracts';
import { amplifyGroupsDecider, handleCommand } from '../../src/index';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const carl = 'carl@example.com';
const unlimited = { period: 'Unlimited', rate: null } as const;

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann, bob] });
});
afterAll(async () => {
  await p.close();
});

const after = async (count: number): Promise<RecordedEvent[]> => (await p.events()).slice(count);
const group = (groupName: string, g: Partial<AmplifyGroup> = {}): AmplifyGroup => ({
  groupName,
  members: [],
  createdBy: '',
  includeFromOtherGroups: [],
  isBillingGroup: false,
  rateLimit: unlimited,
  ...g,
});
const keyed = (groups: AmplifyGroup[]) => Object.fromEntries(groups.map((g) => [g.groupName, g]));

/** Saves the whole section as `who`, on top of what GET /amplifymin/configs answers now. */
const saveGroups = async (
  change: (groups: Record<string, AmplifyGroup>) => Record<string, unknown>,
  who = ann,
) => {
  const loaded = await p.configsNow(who);
  const before = (await p.events()).length;
  const { status, body } = await p.save(who, [
    {
      type: 'amplifyGroups',
      version: loaded.meta['amplifyGroups']?.version,
      data: change(loaded.data.amplifyGroups),
    },
  ]);
  return {
    status,
    body,
    appended: await after(before),
    read: (await p.configs(who, body.position)).data.amplifyGroups,
  };
};

/** What a refused save answers: 400, the section's message, nothing appended, the groups as they were. */
const expectRefused = async (change: Parameters<typeof saveGroups>[0], message: string) => {
  const loaded = await p.configsNow(ann);
  const { status, body, appended, read } = await saveGroups(change);
  expect(status).toBe(400);
  expect(body.message).toBe('The following configurations were unable to be saved: Amplify Groups');
  expect(body.data['amplifyGroups']).toEqual({ success: false, reason: 'invalid', message });
  expect(appended).toEqual([]);
  expect(read).toEqual(loaded.data.amplifyGroups);
};

describe('Amplify Groups: create', () => {
  it('a group is created by the signed-in admin, whatever createdBy the client sent', async () => {
    const { status, appended, read } = await saveGroups(() =>
      keyed([
        group('Staff', {
          members: [' Carl@Example.com', 'dora@example.com'],
          createdBy: 'mallory@example.com',
          isBillingGroup: true,
          rateLimit: { period: 'Monthly', rate: 250 },
        }),
      ]),
    );
    expect(status).toBe(200);
    expect(appended.map((e) => [e.streamId, e.type, e.data])).toEqual([
      [
        amplifyGroupsStreamId,
        'AmplifyGroupCreated',
        group('Staff', {
          members: [carl, 'dora@example.com'],
          createdBy: ann,
          isBillingGroup: true,
          rateLimit: { period: 'Monthly', rate: 250 },
        }),
      ],
    ]);
    expect(appended[0]?.metadata.actor).toEqual({ email: ann, kind: 'admin' });
    expect(read).toEqual({
      Staff: group('Staff', {
        members: [carl, 'dora@example.com'],
        createdBy: ann,
        isBillingGroup: true,
        rateLimit: { period: 'Monthly', rate: 250 },
      }),
    });
  });

  it('a new group with only a name gets the defaults; a legacy plain-number rate limit is read as daily', async () => {
    const { status, read } = await saveGroups((groups) => ({
      ...groups,
      Team: { groupName: 'Team' },
      Legacy: { groupName: 'Legacy', rateLimit: 5 },
    }));
    expect(status).toBe(200);
    expect(read['Team']).toEqual(group('Team', { createdBy: ann }));
    expect(read['Legacy']?.rateLimit).toEqual({ period: 'Daily', rate: 5 });
  });

  it('the name is required: 400 with the spec message, nothing appended', async () => {
    await expectRefused((groups) => ({ ...groups, '': group('  ') }), adminMessages.groupNameRequired);
  });

  it('the name is unique: 400 with the spec message, nothing appended', async () => {
    await expectRefused(
      (groups) => ({ ...groups, 'staff ': group('staff') }),
      'There already exists a group with the name staff.',
    );
  });

  it('an invalid member email: 400 naming it, nothing appended', async () => {
    await expectRefused(
      (groups) => ({ ...groups, Ops: group('Ops', { members: ['not-an-email'] }) }),
      platformMessages.invalidEmail('not-an-email'),
    );
  });
});

describe('Amplify Groups: inline edits and deletion', () => {
  it('a member added and one removed, by another admin: the creator stays', async () => {
    const { status, appended, read } = await saveGroups(
      (groups) => ({ ...groups, Staff: { ...groups['Staff'], members: [carl, 'eve@example.com'] } }),
      bob,
    );
    expect(status).toBe(200);
    expect(appended.map((e) => [e.type, e.data])).toEqual([
      ['AmplifyGroupMemberRemoved', { groupName: 'Staff', email: 'dora@example.com' }],
      ['AmplifyGroupMemberAdded', { groupName: 'Staff', email: 'eve@example.com' }],
    ]);
    expect(appended[0]?.metadata.actor.email).toBe(bob);
    expect(read['Staff']).toMatchObject({ members: [carl, 'eve@example.com'], createdBy: ann });
  });

  it('membership by Amplify groups, billing and rate limit edited inline', async () => {
    const { status, appended, read } = await saveGroups((groups) => ({
      ...groups,
      Staff: {
        ...groups['Staff'],
        includeFromOtherGroups: ['Team'],
        isBillingGroup: false,
        rateLimit: { period: 'Unlimited', rate: 0 },
      },
    }));
    expect(status).toBe(200);
    expect(appended.map((e) => e.type)).toEqual([
      'AmplifyGroupBillingChanged',
      'AmplifyGroupRateLimitChanged',
      'AmplifyGroupInclusionAdded',
    ]);
    expect(read['Staff']).toMatchObject({
      includeFromOtherGroups: ['Team'],
      isBillingGroup: false,
      rateLimit: unlimited,
    });
  });

  it('an inclusion cycle: 400 naming the cycle, nothing appended', async () => {
    await expectRefused(
      (groups) => ({ ...groups, Team: { ...groups['Team'], includeFromOtherGroups: ['Staff'] } }),
      platformMessages.groupInclusionCycle(['Staff', 'Team', 'Staff']),
    );
  });

  it('including a group that does not exist: 400, nothing appended', async () => {
    await expectRefused(
      (groups) => ({ ...groups, Team: { ...groups['Team'], includeFromOtherGroups: ['Ghosts'] } }),
      platformMessages.unknownIncludedGroup('Team', 'Ghosts'),
    );
  });

  it('deleting a group still included by another: 400, nothing appended', async () => {
    await expectRefused(
      ({ Team: _team, ...rest }) => rest,
      platformMessages.unknownIncludedGroup('Staff', 'Team'),
    );
  });

  it('deletion', async () => {
    const { status, appended, read } = await saveGroups(({ Legacy: _legacy, ...rest }) => rest);
    expect(status).toBe(200);
    expect(appended.map((e) => [e.type, e.data])).toEqual([['AmplifyGroupDeleted', { groupName: 'Legacy' }]]);
    expect(Object.keys(read)).toEqual(['Staff', 'Team']);
  });

  it('a bad rate limit on a group: 400 naming the field, nothing appended', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', routes.configsUpdate, {
      body: {
        configurations: [
          {
            type: 'amplifyGroups',
            data: {
              ...loaded.data.amplifyGroups,
              Team: { groupName: 'Team', rateLimit: { period: 'Daily', rate: -2 } },
            },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(
      /^configurations\.0\.data\.Team\.rateLimit\.rate: must not be negative/,
    );
    expect(await after(before)).toEqual([]);
  });
});

describe('Amplify Groups: system groups (no includeFromOtherGroups)', () => {
  beforeAll(async () => {
    const id = randomUUID();
    await handleCommand(
      p.database.db,
      amplifyGroupsDecider,
      amplifyGroupsStreamId,
      {
        type: 'RegisterSystemGroup',
        data: { groupName: 'Everyone', members: [ann, bob], actor: systemActor.email },
      },
      {
        metadata: {
          actor: systemActor,
          commandId: id,
          correlationId: id,
          causationId: id,
          requestId: 'test',
          schemaVersion: 1,
        },
      },
    );
  });

  it('is read without includeFromOtherGroups, created by the system', async () => {
    const { data } = await p.configsNow(ann);
    expect(data.amplifyGroups['Everyone']).toEqual({
      groupName: 'Everyone',
      members: [ann, bob],
      createdBy: 'system',
      isBillingGroup: false,
      rateLimit: unlimited,
    });
  });

  it('its members cannot be edited, nor inclusions given, nor itself deleted: 400, nothing appended', async () => {
    const locked = platformMessages.systemGroupLocked('Everyone');
    await expectRefused(
      (groups) => ({ ...groups, Everyone: { ...groups['Everyone'], members: [ann] } }),
      locked,
    );
    await expectRefused(
      (groups) => ({ ...groups, Everyone: { ...groups['Everyone'], includeFromOtherGroups: ['Team'] } }),
      locked,
    );
    await expectRefused(({ Everyone: _everyone, ...rest }) => rest, locked);
  });

  it('its billing flag may be edited', async () => {
    const { status, read } = await saveGroups((groups) => ({
      ...groups,
      Everyone: { ...groups['Everyone'], isBillingGroup: true },
    }));
    expect(status).toBe(200);
    expect(read['Everyone']).toMatchObject({ isBillingGroup: true });
    expect(read['Everyone']).not.toHaveProperty('includeFromOtherGroups');
  });
});

describe('GET /amplifymin/amplify_groups/list', () => {
  it('any signed-in user gets the group names, sorted', async () => {
    await p.settle();
    const res = await p.call('eve@example.com', 'GET', amplifyGroupsListRoute);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: ['Everyone', 'Staff', 'Team'] });
  });

  it('admins may ask for the full list', async () => {
    const res = await p.call(ann, 'GET', `${amplifyGroupsListRoute}?full=true`);
    expect(res.statusCode).toBe(200);
    const body = res.json<AmplifyGroupsListResponse>();
    expect(body.data).toEqual(['Everyone', 'Staff', 'Team']);
    expect(body.groups).toEqual((await p.configsNow(ann)).data.amplifyGroups);
  });

  it('the full list is for admins only; anonymous callers get 401', async () => {
    expect((await p.call('eve@example.com', 'GET', `${amplifyGroupsListRoute}?full=true`)).statusCode).toBe(
      403,
    );
    expect((await p.call(null, 'GET', amplifyGroupsListRoute)).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupsOf,
  routes,
  type AmplifyGroup,
  type FeatureFlag,
  type ResolvedFeatureFlagsResponse,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { readGroupsOf } from '../../src/read/amplify-groups';
import { amplifyGroupsProjection } from '../../src/projections/amplify-groups';
import { rebuild } from '../../src/index';

const ann = 'ann@example.com';

/** No `groupsOf` given: the query service resolves membership from the groups read model. */
let p: TestPlatform;
let position = '0';
const group = (groupName: string, g: Partial<AmplifyGroup> = {}): AmplifyGroup => ({
  groupName,
  members: [],
  createdBy: '',
  includeFromOtherGroups: [],
  isBillingGroup: false,
  rateLimit: { period: 'Unlimited', rate: null },
  ...g,
});
const flag = (f: Partial<FeatureFlag>): FeatureFlag => ({
  enabled: false,
  userExceptions: [],
  amplifyGroupExceptions: [],
  ...f,
});

beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
  // All includes Staff, which includes Interns: dora is a member of All three inclusions down.
  const { status, body } = await p.save(ann, [
    {
      type: 'amplifyGroups',
      data: {
        All: group('All', { includeFromOtherGroups: ['Staff'] }),
        Staff: group('Staff', { members: ['bob@example.com'], includeFromOtherGroups: ['Interns'] }),
        Interns: group('Interns', { members: ['dora@example.com'] }),
        Other: group('Other', { members: ['eve@example.com'] }),
      },
    },
    {
      type: 'featureFlags',
      data: {
        beta: flag({ enabled: false, amplifyGroupExceptions: ['All'] }),
        staffOnly: flag({ enabled: false, amplifyGroupExceptions: ['Staff'] }),
        internsOnly: flag({ enabled: false, amplifyGroupExceptions: ['Interns'] }),
      },
    },
  ]);
  expect(status).toBe(200);
  position = body.position;
});
afterAll(async () => {
  await p.close();
});

const resolvedFor = async (email: string) => {
  const res = await p.call(email, 'GET', `${routes.featureFlags}?waitFor=${position}`);
  expect(res.statusCode).toBe(200);
  return res.json<ResolvedFeatureFlagsResponse>().data;
};

describe('GET /amplifymin/feature_flags: group exceptions resolve through Amplify group membership', () => {
  it('a disabled flag with a group exception is on for a transitive member', async () => {
    expect(await resolvedFor('dora@example.com')).toEqual({ beta: true, staffOnly: true, internsOnly: true });
  });

  it('a member higher up is not a member of the groups below', async () => {
    expect(await resolvedFor('bob@example.com')).toEqual({ beta: true, staffOnly: true, internsOnly: false });
  });

  it('off for everyone else, members of other groups included', async () => {
    expect(await resolvedFor('eve@example.com')).toEqual({
      beta: false,
      staffOnly: false,
      internsOnly: false,
    });
    expect(await resolvedFor('zed@example.com')).toEqual({
      beta: false,
      staffOnly: false,
      internsOnly: false,
    });
  });

  it('a membership change is seen at once with waitFor', async () => {
    const loaded = await p.configsNow(ann);
    const groups = loaded.data.amplifyGroups;
    const { status, body } = await p.save(ann, [
      {
        type: 'amplifyGroups',
        data: {
          ...groups,
          Interns: { ...groups['Interns'], members: ['dora@example.com', 'eve@example.com'] },
        },
      },
    ]);
    expect(status).toBe(200);
    position = body.position;
    expect(await resolvedFor('eve@example.com')).toEqual({ beta: true, staffOnly: true, internsOnly: true });
  });
});

describe('readGroupsOf: the read model answers what the pure groupsOf answers', () => {
  it('for every member, a stranger and an empty email', async () => {
    await p.settle();
    const { amplifyGroups } = (await p.configsNow(ann)).data;
    for (const email of [
      'bob@example.com',
      'dora@example.com',
      'eve@example.com',
      'zed@example.com',
      ' DORA@Example.com',
    ]) {
      expect(await readGroupsOf(p.database.db, email)).toEqual(groupsOf(amplifyGroups, email));
    }
    expect(await readGroupsOf(p.database.db, '')).toEqual([]);
  });

  it('a rebuild of the groups read model from the log gives the same groups', async () => {
    await p.settle();
    const before = (await p.configsNow(ann)).data.amplifyGroups;
    await rebuild(p.database.db, amplifyGroupsProjection);
    expect((await p.configs(ann)).data.amplifyGroups).toEqual(before);
  });
});

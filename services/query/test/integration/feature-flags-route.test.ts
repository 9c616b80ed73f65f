import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type FeatureFlag, type ResolvedFeatureFlagsResponse } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';

let p: TestPlatform;
let position = '0';
beforeAll(async () => {
  p = await startTestPlatform({
    admins: [ann],
    groupsOf: (email) => Promise.resolve(email === 'staff@example.com' ? ['Staff'] : []),
  });
  const flag = (f: Partial<FeatureFlag>): FeatureFlag => ({
    enabled: false,
    userExceptions: [],
    amplifyGroupExceptions: [],
    ...f,
  });
  const { status, body } = await p.save(ann, [
    {
      type: 'featureFlags',
      data: {
        'dark mode': flag({
          enabled: true,
          userExceptions: ['Carl@Example.com'],
          amplifyGroupExceptions: ['Staff'],
        }),
        beta: flag({ enabled: false, userExceptions: ['dan@example.com'] }),
        gamma: flag({ enabled: false, amplifyGroupExceptions: ['Staff'] }),
        plain: flag({}),
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

describe('GET /amplifymin/feature_flags: every flag resolved for the caller', () => {
  it('someone without exceptions: enabled flags on, disabled ones off', async () => {
    expect(await resolvedFor('eve@example.com')).toEqual({
      darkMode: true,
      beta: false,
      gamma: false,
      plain: false,
    });
  });

  it('a user exception turns an enabled flag off (saved as Carl@Example.com, matched lower-cased)', async () => {
    expect(await resolvedFor('carl@example.com')).toMatchObject({ darkMode: false });
  });

  it('a user exception turns a disabled flag on', async () => {
    expect(await resolvedFor('dan@example.com')).toEqual({
      darkMode: true,
      beta: true,
      gamma: false,
      plain: false,
    });
  });

  it('members of an excepted group keep access to a disabled flag; the group does not turn an enabled flag off', async () => {
    expect(await resolvedFor('staff@example.com')).toEqual({
      darkMode: true,
      beta: false,
      gamma: true,
      plain: false,
    });
  });

  it('the sign-in email is normalised, so a differently typed email still matches its exception', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: routes.devLogin,
      payload: { email: ' CARL@example.COM' },
    });
    const session = res.cookies.find((c) => c.name === 'session')?.value ?? '';
    const flags = await p.app.inject({
      method: 'GET',
      url: `${routes.featureFlags}?waitFor=${position}`,
      cookies: { session },
    });
    expect(flags.json<ResolvedFeatureFlagsResponse>().data['darkMode']).toBe(false);
  });

  it('a save toggling a flag is seen at once with waitFor', async () => {
    const loaded = await p.configs(ann, position);
    const { body } = await p.save(ann, [
      {
        type: 'featureFlags',
        data: {
          ...loaded.data.featureFlags,
          plain: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
    ]);
    position = body.position;
    expect((await resolvedFor('eve@example.com'))['plain']).toBe(true);
  });

  it('anonymous callers get 401', async () => {
    expect((await p.call(null, 'GET', routes.featureFlags)).statusCode).toBe(401);
  });

  it('a malformed waitFor is a 400 naming it', async () => {
    const res = await p.call('eve@example.com', 'GET', `${routes.featureFlags}?waitFor=soon`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^waitFor: /);
  });
});

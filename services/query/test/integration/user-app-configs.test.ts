import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAppConfigsRoute, UserAppConfigsResponse } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const eve = 'eve@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const readAs = async (email: string, waitFor?: string) => {
  const query = waitFor === undefined ? '' : `?waitFor=${waitFor}`;
  const res = await p.call(email, 'GET', `${userAppConfigsRoute}${query}`);
  expect(res.statusCode).toBe(200);
  return UserAppConfigsResponse.parse(res.json());
};

describe('GET /amplifymin/user_app_configs: the configuration users read', () => {
  it('a signed-in user reads the defaults before any admin saved', async () => {
    expect(await readAs(eve)).toEqual({
      success: true,
      data: {
        promtCostAlert: { isActive: false, alertMessage: '', cost: 0 },
        emailSupport: { isActive: false, email: '' },
        defaultConversationStorage: 'future-local',
        aiEmailDomain: '',
      },
    });
  });

  it('anonymous callers are refused', async () => {
    expect((await p.call(null, 'GET', userAppConfigsRoute)).statusCode).toBe(401);
  });

  it("follows the admin's save, waiting for it with ?waitFor=", async () => {
    const alert = {
      isActive: true,
      alertMessage: 'You spent <totalCost> on <prompts> prompts.',
      cost: 0.25,
    };
    const { status, body } = await p.save(ann, [
      { type: 'promtCostAlert', data: alert },
      { type: 'emailSupport', data: { isActive: true, email: 'Help@Example.com' } },
      { type: 'defaultConversationStorage', data: 'future-cloud' },
      { type: 'aiEmailDomain', data: 'ai.example.com' },
    ]);
    expect(status).toBe(200);
    const answer = await readAs(eve, body.position);
    expect(answer.data).toEqual({
      promtCostAlert: alert,
      emailSupport: { isActive: true, email: 'help@example.com' },
      defaultConversationStorage: 'future-cloud',
      aiEmailDomain: 'ai.example.com',
    });
  });

  it('answers only the four user sections, nothing admin-only', async () => {
    const res = await p.call(eve, 'GET', userAppConfigsRoute);
    expect(Object.keys(res.json<{ data: object }>().data).sort()).toEqual([
      'aiEmailDomain',
      'defaultConversationStorage',
      'emailSupport',
      'promtCostAlert',
    ]);
  });

  it('a bad waitFor is a 400', async () => {
    expect((await p.call(eve, 'GET', `${userAppConfigsRoute}?waitFor=soon`)).statusCode).toBe(400);
  });
});

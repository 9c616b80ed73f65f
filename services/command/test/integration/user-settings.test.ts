import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userSettingsRoutes,
  userSettingsStreamId,
  type UserSettingsResponse,
  type UserSettingsSaveResponse,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';
import { conversationStorageFor } from '../../src/user-settings/index';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const carl = 'carl@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const settings = async (email: string, waitFor?: string) => {
  const res = await p.call(email, 'GET', `${userSettingsRoutes.get}${waitFor ? `?waitFor=${waitFor}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json<UserSettingsResponse>().data;
};
const save = async (email: string, body: unknown) => {
  const res = await p.call(email, 'POST', userSettingsRoutes.save, { body });
  return { status: res.statusCode, body: res.json<UserSettingsSaveResponse & { message?: string }>() };
};
const settingsEvents = async (email: string) =>
  (await p.events()).filter((e) => e.streamId === userSettingsStreamId(email)).map((e) => [e.type, e.data]);
const adminDefault = (storage: 'future-local' | 'future-cloud') =>
  p.save(ann, [{ type: 'defaultConversationStorage', data: storage }]);

describe('user settings', () => {
  it('a user who saved nothing gets the defaults, and the platform default storage (Local)', async () => {
    expect(await settings(bob)).toEqual({
      theme: 'system',
      hiddenModelIds: [],
      featureOptions: {},
      conversationStorage: null,
      effectiveConversationStorage: 'future-local',
    });
    expect(await conversationStorageFor(p.database.db, bob)).toBe('future-local');
  });

  it('a save records only the fields that changed, and nothing when none did', async () => {
    const first = await save(bob, { theme: 'dark', hiddenModelIds: ['o3'] });
    expect(first.status).toBe(200);
    expect(await settingsEvents(bob)).toEqual([
      ['UserSettingsChanged', { theme: 'dark', hiddenModelIds: ['o3'] }],
    ]);
    expect(await settings(bob, first.body.position)).toMatchObject({ theme: 'dark', hiddenModelIds: ['o3'] });

    const second = await save(bob, { theme: 'dark', featureOptions: { codeInterpreter: true } });
    expect(await settingsEvents(bob)).toEqual([
      ['UserSettingsChanged', { theme: 'dark', hiddenModelIds: ['o3'] }],
      ['UserSettingsChanged', { featureOptions: { codeInterpreter: true } }],
    ]);
    expect(await settings(bob, second.body.position)).toMatchObject({
      theme: 'dark',
      hiddenModelIds: ['o3'],
      featureOptions: { codeInterpreter: true },
    });

    const same = await save(bob, { theme: 'dark' });
    expect(same).toEqual({ status: 200, body: { success: true, position: '0' } });
    expect((await settingsEvents(bob)).length).toBe(2);
    // Each user has their own.
    expect((await settings(carl)).theme).toBe('system');
  });

  it('bad input answers 400 and records nothing', async () => {
    const before = (await p.events()).length;
    const badTheme = await save(carl, { theme: 'purple' });
    expect(badTheme.status).toBe(400);
    expect(badTheme.body.message).toMatch(/theme/);
    const unknown = await save(carl, { fontSize: 12 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/fontSize/);
    expect((await save(carl, { conversationStorage: 'future-floppy' })).status).toBe(400);
    expect((await save(carl, { hiddenModelIds: 'o3' })).status).toBe(400);
    expect((await p.events()).length).toBe(before);
  });

  it("the effective storage follows the admin's default until the user chooses, and again once they unset it", async () => {
    const cloud = await adminDefault('future-cloud');
    expect(cloud.status).toBe(200);
    expect((await settings(carl, cloud.body.position)).effectiveConversationStorage).toBe('future-cloud');
    expect(await conversationStorageFor(p.database.db, carl)).toBe('future-cloud');

    const own = await save(carl, { conversationStorage: 'future-local' });
    expect(await settings(carl, own.body.position)).toMatchObject({
      conversationStorage: 'future-local',
      effectiveConversationStorage: 'future-local',
    });
    expect(await conversationStorageFor(p.database.db, carl)).toBe('future-local');

    const unset = await save(carl, { conversationStorage: null });
    expect(await settings(carl, unset.body.position)).toMatchObject({
      conversationStorage: null,
      effectiveConversationStorage: 'future-cloud',
    });
    expect(await conversationStorageFor(p.database.db, carl)).toBe('future-cloud');

    const local = await adminDefault('future-local');
    expect((await settings(carl, local.body.position)).effectiveConversationStorage).toBe('future-local');
    expect(await conversationStorageFor(p.database.db, carl)).toBe('future-local');
  });

  it('anonymous callers get 401', async () => {
    expect((await p.call(null, 'GET', userSettingsRoutes.get)).statusCode).toBe(401);
    expect(
      (await p.call(null, 'POST', userSettingsRoutes.save, { body: { theme: 'dark' } })).statusCode,
    ).toBe(401);
  });
});

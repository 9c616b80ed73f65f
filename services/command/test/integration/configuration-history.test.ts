import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  featureFlagsStreamId,
  revertMessages,
  revertRoutes,
  routes,
  type ConfigsResponse,
  type RevertResponse,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const carl = 'carl@example.com';
const flag = (enabled: boolean) => ({ enabled, userExceptions: [], amplifyGroupExceptions: [] });

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann, bob] });
});
afterAll(async () => {
  await p.close();
});

const configsAt = async (at: string) => {
  const res = await p.call(ann, 'GET', `${routes.configs}?at=${encodeURIComponent(at)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConfigsResponse>();
};
const lastPosition = async () => (await p.events()).at(-1)?.globalPosition ?? '0';
const save = async (email: string, type: string, data: unknown) => {
  const { status, body } = await p.save(email, [{ type, data }]);
  expect(status, JSON.stringify(body)).toBe(200);
};
const revert = (email: string, body: { section: string; at: string; version: number }) =>
  p.call(email, 'POST', revertRoutes.revert, { body });

describe('the configuration at any moment, and back', () => {
  let first = '';
  let second = '';

  it('?at= between two saves answers the configuration as it was then, folded from the log', async () => {
    await save(ann, 'featureFlags', { darkMode: flag(true) });
    first = await lastPosition();
    const firstTime = (await p.events()).at(-1)?.recordedAt ?? '';
    await save(bob, 'featureFlags', { darkMode: flag(false), betaChat: flag(true) });
    await save(bob, 'emailSupport', { isActive: true, email: 'help@example.com' });
    second = await lastPosition();

    const then = await configsAt(first);
    expect(then.data.featureFlags).toEqual({ darkMode: flag(true) });
    expect(then.meta.featureFlags?.changedBy).toBe(ann);
    expect(then.data.emailSupport).toEqual((await configsAt('0')).data.emailSupport);
    expect(then.position).toBe(first);
    // An ISO time names the last event recorded at or before it.
    expect((await configsAt(firstTime)).data.featureFlags).toEqual({ darkMode: flag(true) });
    const now = await p.configsNow(ann);
    expect((await configsAt(second)).data.featureFlags).toEqual(now.data.featureFlags);
  });

  it('?at= that is neither a time nor a position, or a time to come: 400', async () => {
    expect((await p.call(ann, 'GET', `${routes.configs}?at=yesterday`)).statusCode).toBe(400);
    const future = await p.call(ann, 'GET', `${routes.configs}?at=2999-01-01T00:00:00Z`);
    expect(future.statusCode).toBe(400);
    expect(future.json<{ message: string }>().message).toBe(revertMessages.futureAt);
    expect((await p.call(carl, 'GET', `${routes.configs}?at=${first}`)).statusCode).toBe(403);
  });

  it('revert brings the section back as new events by the reverting admin', async () => {
    const now = await p.configsNow(ann);
    const before = (await p.events()).length;
    const res = await revert(ann, {
      section: 'featureFlags',
      at: first,
      version: now.meta.featureFlags?.version ?? 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RevertResponse>().notRestored).toEqual([]);
    const appended = (await p.events()).slice(before);
    expect(appended.length).toBeGreaterThan(0);
    expect(appended.every((e) => e.streamId === featureFlagsStreamId && e.metadata.actor.email === ann)).toBe(
      true,
    );
    expect((await p.configsNow(ann)).data.featureFlags).toEqual({ darkMode: flag(true) });
    // The other sections are left as they are.
    expect((await p.configsNow(ann)).data.emailSupport).toMatchObject({ email: 'help@example.com' });
  });

  it('a section changed since the view was opened: 409 naming who changed it, nothing appended', async () => {
    const opened = (await p.configsNow(ann)).meta.featureFlags?.version ?? 0;
    await save(bob, 'featureFlags', { darkMode: flag(false) });
    const before = (await p.events()).length;
    const res = await revert(ann, { section: 'featureFlags', at: second, version: opened });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string; changedBy?: string }>()).toMatchObject({
      message: revertMessages.conflict('Feature Flags', bob),
      changedBy: bob,
    });
    expect((await p.events()).length).toBe(before);
  });

  it('secrets: masked in the view; one whose data key was destroyed does not come back and is named', async () => {
    await save(ann, 'applicationSecrets', { API_TOKEN: 'first-token-value-1234' });
    const withFirst = await lastPosition();
    await save(ann, 'applicationSecrets', { API_TOKEN: 'second-token-value-5678' });
    const view = await configsAt(withFirst);
    expect(view.data.applicationSecrets).toEqual({ API_TOKEN: '••••••••1234' });
    const version = (await p.configsNow(ann)).meta.applicationSecrets?.version ?? 0;
    const res = await revert(ann, { section: 'applicationSecrets', at: withFirst, version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RevertResponse>().notRestored).toEqual([revertMessages.secretGone('API_TOKEN')]);
    expect((await p.configsNow(ann)).data.applicationSecrets).toEqual({ API_TOKEN: '••••••••5678' });
    const everything = JSON.stringify(await p.allEvents()) + res.body + JSON.stringify(view);
    expect(everything).not.toContain('first-token-value');
    expect(everything).not.toContain('second-token-value');
  });

  it('a secret added after the moment is removed by the revert', async () => {
    const before = await lastPosition();
    const version = (await p.configsNow(ann)).meta.applicationSecrets?.version ?? 0;
    await save(ann, 'applicationSecrets', { API_TOKEN: '••••••••5678', EXTRA: 'extra-secret-value-9999' });
    const res = await revert(ann, { section: 'applicationSecrets', at: before, version: version + 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await p.configsNow(ann)).data.applicationSecrets).toEqual({ API_TOKEN: '••••••••5678' });
  });

  it('a non-admin may not revert; a bad body is a 400 appending nothing', async () => {
    const before = (await p.events()).length;
    expect((await revert(carl, { section: 'featureFlags', at: first, version: 0 })).statusCode).toBe(403);
    expect((await revert(ann, { section: 'nope', at: first, version: 0 })).statusCode).toBe(400);
    expect((await revert(ann, { section: 'featureFlags', at: 'soon', version: 0 })).statusCode).toBe(400);
    expect((await p.events()).length).toBe(before);
  });
});

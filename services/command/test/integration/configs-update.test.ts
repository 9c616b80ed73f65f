import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  featureFlagsStreamId,
  adminsStreamId,
  platformMessages,
  routes,
  type ConfigsUpdateResponse,
  type RecordedEvent,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const after = async (count: number): Promise<RecordedEvent[]> => (await p.events()).slice(count);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /amplifymin/configs/update: an admin saves sections', () => {
  it('a featureFlags save becomes fine-grained events carrying the full metadata', async () => {
    const before = (await p.events()).length;
    const { status, body } = await p.save(
      ann,
      [
        {
          type: 'featureFlags',
          version: 0,
          data: {
            'dark mode': {
              enabled: true,
              userExceptions: [' Carl@Example.com'],
              amplifyGroupExceptions: ['Staff'],
            },
          },
        },
      ],
      { 'x-correlation-id': 'corr-dark-mode' },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: { featureFlags: { success: true, version: 4 } },
      position: expect.any(String) as string,
    });

    const appended = await after(before);
    expect(appended.map((e) => [e.streamId, e.streamVersion, e.type, e.data])).toEqual([
      [featureFlagsStreamId, 1, 'FeatureFlagCreated', { name: 'darkMode' }],
      [featureFlagsStreamId, 2, 'FeatureFlagEnabled', { name: 'darkMode' }],
      [
        featureFlagsStreamId,
        3,
        'FeatureFlagUserExceptionAdded',
        { name: 'darkMode', email: 'carl@example.com' },
      ],
      [featureFlagsStreamId, 4, 'FeatureFlagGroupExceptionAdded', { name: 'darkMode', group: 'Staff' }],
    ]);
    expect(appended[appended.length - 1]?.globalPosition).toBe(body.position);
    for (const e of appended) {
      expect(e.metadata).toEqual({
        actor: { email: ann, kind: 'admin' },
        commandId: expect.stringMatching(/:featureFlags$/) as string,
        correlationId: 'corr-dark-mode',
        causationId: expect.stringMatching(uuid) as string,
        requestId: expect.stringMatching(uuid) as string,
        schemaVersion: 1,
      });
      expect(e.metadata.causationId).toBe(e.metadata.requestId);
      expect(e.metadata.commandId).toBe(appended[0]?.metadata.commandId);
    }
  });

  it('GET /amplifymin/configs?waitFor=<position> reflects the save at once', async () => {
    const { body } = await p.save(ann, [
      {
        type: 'featureFlags',
        version: 4,
        data: {
          darkMode: {
            enabled: true,
            userExceptions: ['carl@example.com'],
            amplifyGroupExceptions: ['Staff'],
          },
          beta: { enabled: false, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
    ]);
    expect(body.success).toBe(true);
    const configs = await p.configs(ann, body.position);
    expect(configs.data.featureFlags).toEqual({
      beta: { enabled: false, userExceptions: [], amplifyGroupExceptions: [] },
      darkMode: { enabled: true, userExceptions: ['carl@example.com'], amplifyGroupExceptions: ['Staff'] },
    });
    expect(configs.meta['featureFlags']).toEqual({
      version: 5,
      changedBy: ann,
      changedAt: expect.any(String) as string,
    });
    expect(BigInt(configs.position)).toBeGreaterThanOrEqual(BigInt(body.position));
  });

  it('an admins save adds the admin (normalised) and the new admin may use the admin routes', async () => {
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [{ type: 'admins', data: [ann, ' Bob@Example.com '] }]);
    expect(status).toBe(200);
    expect(body.data['admins']).toEqual({ success: true, version: 2 });
    const appended = await after(before);
    expect(appended.map((e) => [e.streamId, e.type, e.data])).toEqual([
      [adminsStreamId, 'AdminAdded', { email: bob }],
    ]);
    expect(appended[0]?.metadata.actor).toEqual({ email: ann, kind: 'admin' });

    const configs = await p.configs(ann, body.position);
    expect(configs.data.admins).toEqual([ann, bob]);
    expect(configs.meta['admins']).toMatchObject({ version: 2, changedBy: ann });
    expect((await p.call(bob, 'GET', routes.configs)).statusCode).toBe(200);
  });

  it('saving unchanged sections appends nothing and answers success', async () => {
    const current = await p.configsNow(ann);
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      { type: 'admins', data: current.data.admins, version: current.meta['admins']?.version },
      {
        type: 'featureFlags',
        data: current.data.featureFlags,
        version: current.meta['featureFlags']?.version,
      },
    ]);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: { admins: { success: true, version: 2 }, featureFlags: { success: true, version: 5 } },
      position: '0',
    });
    expect(await after(before)).toEqual([]);
  });

  it('the last admin cannot be removed: 400 with the message, nothing appended', async () => {
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [{ type: 'admins', data: [] }]);
    expect(status).toBe(400);
    expect(body.data['admins']).toEqual({
      success: false,
      reason: 'invalid',
      message: platformMessages.lastAdmin,
    });
    expect(await after(before)).toEqual([]);
  });
});

describe('POST /amplifymin/configs/update: refusals', () => {
  it('a stale version: 409 naming who changed the section, nothing appended', async () => {
    const loaded = await p.configsNow(bob);
    const version = loaded.meta['featureFlags']?.version ?? -1;
    // ann saves meanwhile
    const annSave = await p.save(ann, [
      {
        type: 'featureFlags',
        version,
        data: {
          ...loaded.data.featureFlags,
          gamma: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
    ]);
    expect(annSave.status).toBe(200);
    const before = (await p.events()).length;
    const { status, body } = await p.save(bob, [{ type: 'featureFlags', version, data: {} }]);
    expect(status).toBe(409);
    expect(body.success).toBe(false);
    expect(body.message).toBe(adminMessages.partialSaveFailed(['Feature Flags']));
    const result = body.data['featureFlags'];
    expect(result).toMatchObject({
      success: false,
      reason: 'conflict',
      changedBy: ann,
      version: version + 2,
    });
    expect(result?.message).toMatch(
      /^Feature Flags was changed by ann@example\.com at .+ since you loaded it\./,
    );
    expect(await after(before)).toEqual([]);
    expect(Object.keys((await p.configs(bob, annSave.body.position)).data.featureFlags).sort()).toEqual([
      'beta',
      'darkMode',
      'gamma',
    ]);
  });

  it.each([
    ['no configurations', {}, /^configurations: /],
    [
      'an empty list',
      { configurations: [] },
      /^configurations: configurations must list at least one section$/,
    ],
    ['a section without type', { configurations: [{ data: [] }] }, /^configurations\.0\.type: /],
    [
      'a negative version',
      { configurations: [{ type: 'admins', data: [ann], version: -1 }] },
      /^configurations\.0\.version: /,
    ],
  ])('a malformed body (%s): 400 naming the field, nothing appended', async (_name, payload, message) => {
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', routes.configsUpdate, { body: payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ success: boolean; message: string }>()).toEqual({
      success: false,
      message: expect.stringMatching(message) as string,
    });
    expect(await after(before)).toEqual([]);
  });

  it('malformed section data: 400 naming the field, nothing appended for any section', async () => {
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', routes.configsUpdate, {
      body: {
        configurations: [
          { type: 'admins', data: [ann, bob, 'dan@example.com'] },
          {
            type: 'featureFlags',
            data: { darkMode: { enabled: 'yes', userExceptions: [], amplifyGroupExceptions: [] } },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const { message } = res.json<{ message: string }>();
    expect(message).toMatch(/^configurations\.1\.data\.darkMode\.enabled: /);
    expect(await after(before)).toEqual([]);
  });

  it('a section whose data has the wrong shape as a whole: 400 naming the section, nothing appended', async () => {
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', routes.configsUpdate, {
      body: { configurations: [{ type: 'admins', data: 'dan@example.com' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^configurations\.0\.data: /);
    expect(await after(before)).toEqual([]);
  });

  it('a body that is not JSON: 400, nothing appended', async () => {
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', routes.configsUpdate, {
      body: '{"configurations": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(await after(before)).toEqual([]);
  });

  it('an unknown section type: 400 naming it, nothing appended (even for a valid section beside it)', async () => {
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', routes.configsUpdate, {
      body: {
        configurations: [
          { type: 'admins', data: [ann, bob, 'dan@example.com'] },
          { type: 'noSuchSection', data: {} },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: platformMessages.unknownSection('noSuchSection'),
    });
    expect(await after(before)).toEqual([]);
  });

  it('an invalid section is refused with the spec message while a valid one in the same request is saved', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      {
        type: 'featureFlags',
        version: loaded.meta['featureFlags']?.version,
        data: {
          ...loaded.data.featureFlags,
          '': { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
      {
        type: 'admins',
        version: loaded.meta['admins']?.version,
        data: [...loaded.data.admins, 'dan@example.com'],
      },
    ]);
    expect(status).toBe(400);
    expect(body).toEqual<ConfigsUpdateResponse>({
      success: false,
      message: 'The following configurations were unable to be saved: Feature Flags',
      data: {
        featureFlags: { success: false, reason: 'invalid', message: adminMessages.featureNameRequired },
        admins: { success: true, version: 3 },
      },
      position: expect.any(String) as string,
    });
    const appended = await after(before);
    expect(appended.map((e) => [e.streamId, e.type, e.data])).toEqual([
      [adminsStreamId, 'AdminAdded', { email: 'dan@example.com' }],
    ]);
    expect((await p.configs(ann, body.position)).data.admins).toContain('dan@example.com');
  });

  it('a duplicated flag name is refused with the spec message, nothing appended', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      {
        type: 'featureFlags',
        data: {
          ...loaded.data.featureFlags,
          'dark mode': { enabled: false, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
    ]);
    expect(status).toBe(400);
    expect(body.data['featureFlags']).toEqual({
      success: false,
      reason: 'invalid',
      message: adminMessages.featureNameUnique,
    });
    expect(await after(before)).toEqual([]);
  });

  it('the same section twice in one request is refused, nothing appended', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      {
        type: 'featureFlags',
        data: {
          ...loaded.data.featureFlags,
          one: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
      {
        type: 'featureFlags',
        data: {
          ...loaded.data.featureFlags,
          two: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] },
        },
      },
    ]);
    expect(status).toBe(400);
    expect(body.message).toBe("configurations: the section 'featureFlags' is listed more than once");
    expect(await after(before)).toEqual([]);
  });

  it('an admin removed by another loses access to the admin routes once the save is read back', async () => {
    expect((await p.call('dan@example.com', 'GET', routes.configs)).statusCode).toBe(200);
    const loaded = await p.configsNow(ann);
    const { status, body } = await p.save(ann, [
      {
        type: 'admins',
        version: loaded.meta['admins']?.version,
        data: loaded.data.admins.filter((e) => e !== 'dan@example.com'),
      },
    ]);
    expect(status).toBe(200);
    expect((await p.configs(ann, body.position)).data.admins).not.toContain('dan@example.com');
    expect((await p.call('dan@example.com', 'GET', routes.configs)).statusCode).toBe(403);
    expect(
      (
        await p.call('dan@example.com', 'POST', routes.configsUpdate, {
          body: { configurations: [{ type: 'admins', data: ['dan@example.com'] }] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

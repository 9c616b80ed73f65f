import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  limits,
  maskOf,
  platformMessages,
  routes,
  secretRevealsStreamId,
  secretRoutes,
  sectionLabels,
  type FeatureFlagsSection,
  type RevealResponse,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const ann = 'ann@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann], endpointTestWaitMs: 50 });
});
afterAll(async () => {
  await p.close();
});

const flags = (...names: string[]): FeatureFlagsSection =>
  Object.fromEntries(
    names.map((n) => [n, { enabled: true, userExceptions: [], amplifyGroupExceptions: [] }]),
  );
const count = async () => (await p.events()).length;
const reveal = (key: string, headers: Record<string, string>) =>
  p.call(ann, 'POST', secretRoutes.reveal, { body: { section: 'applicationSecrets', key }, headers });
const badKey = platformMessages.headerInvalid('Idempotency-Key', limits.idempotencyKeyLength);

describe('Idempotency-Key: bounded, printable ASCII, checked before anything runs', () => {
  it('an 8 KB key answers 400 (not 500) on every command route, and nothing is appended', async () => {
    const before = await count();
    const headers = { 'idempotency-key': 'k'.repeat(8 * 1024) };
    const save = await p.save(ann, [{ type: 'featureFlags', data: flags('huge') }], headers);
    const revealed = await reveal('ALPHA', headers);
    const tested = await p.call(ann, 'POST', secretRoutes.testEndpoint, {
      body: { url: 'http://127.0.0.1:9/v1', key: 'k' },
      headers,
    });
    expect([save.status, revealed.statusCode, tested.statusCode]).toEqual([400, 400, 400]);
    expect(save.body).toEqual({ success: false, message: badKey });
    expect(revealed.json()).toEqual({ success: false, message: badKey });
    expect(tested.json()).toEqual({ success: false, message: badKey });
    expect(await count()).toBe(before);
  });

  it('200 characters are accepted, 201 are not; nor is a character outside printable ASCII', async () => {
    const at = await p.save(ann, [{ type: 'featureFlags', data: flags('at200') }], {
      'idempotency-key': 'k'.repeat(limits.idempotencyKeyLength),
    });
    expect(at.status).toBe(200);
    const before = await count();
    for (const key of ['k'.repeat(limits.idempotencyKeyLength + 1), 'clé-1']) {
      const res = await p.save(ann, [{ type: 'featureFlags', data: flags('past') }], {
        'idempotency-key': key,
      });
      expect(res).toEqual({ status: 400, body: { success: false, message: badKey } });
    }
    expect(await count()).toBe(before);
  });

  it('an 8 KB X-Correlation-Id answers 400 too: events keep it', async () => {
    const before = await count();
    const res = await p.save(ann, [{ type: 'featureFlags', data: flags('correlated') }], {
      'x-correlation-id': 'c'.repeat(8 * 1024),
    });
    expect(res).toEqual({
      status: 400,
      body: {
        success: false,
        message: platformMessages.headerInvalid('X-Correlation-Id', limits.idempotencyKeyLength),
      },
    });
    expect(await count()).toBe(before);
  });
});

describe("Idempotency-Key reused for another request: 409, never another request's answer", () => {
  const reused = { status: 409, body: { success: false, message: platformMessages.idempotencyKeyReused } };

  it('same key, same body (keys in another order): the first answer; another body: 409', async () => {
    const headers = { 'idempotency-key': 'same-or-not' };
    const loaded = await p.configsNow(ann);
    const data = { ...loaded.data.featureFlags, ...flags('one') };
    const first = await p.save(ann, [{ type: 'featureFlags', data }], headers);
    expect(first.status).toBe(200);
    const before = await count();
    const reordered = await p.call(ann, 'POST', routes.configsUpdate, {
      body: { configurations: [{ data, type: 'featureFlags' }] },
      headers,
    });
    expect({ status: reordered.statusCode, body: reordered.json<unknown>() }).toEqual(first);
    expect(
      await p.save(ann, [{ type: 'featureFlags', data: { ...data, ...flags('two') } }], headers),
    ).toEqual(reused);
    expect(await count()).toBe(before);
  });

  it('another set of sections under the same key is another request: 409, nothing appended', async () => {
    const headers = { 'idempotency-key': 'sections-differ' };
    const loaded = await p.configsNow(ann);
    const first = await p.save(
      ann,
      [{ type: 'featureFlags', data: { ...loaded.data.featureFlags } }],
      headers,
    );
    expect(first.status).toBe(200);
    const before = await count();
    const other = await p.save(ann, [{ type: 'aiEmailDomain', data: 'example.org' }], headers);
    expect(other).toEqual(reused);
    expect(await count()).toBe(before);
  });

  it('the same key on another route is refused both ways', async () => {
    const saveFirst = { 'idempotency-key': 'route-a' };
    expect((await p.save(ann, [{ type: 'aiEmailDomain', data: 'example.com' }], saveFirst)).status).toBe(200);
    const before = await count();
    const revealAfter = await reveal('ANY', saveFirst);
    expect({ status: revealAfter.statusCode, body: revealAfter.json<unknown>() }).toEqual(reused);

    const testFirst = { 'idempotency-key': 'route-b' };
    await p.call(ann, 'POST', secretRoutes.testEndpoint, {
      body: { url: 'http://127.0.0.1:9/v1', key: 'k' },
      headers: testFirst,
    });
    const afterTest = await count();
    expect(await p.save(ann, [{ type: 'aiEmailDomain', data: 'example.net' }], testFirst)).toEqual(reused);
    expect(await count()).toBe(afterTest);
    expect(afterTest - before).toBe(1);
  });
});

describe('reveal: a reused key never reveals another value without an audit record', () => {
  it('K1 for ALPHA, then K1 for BETA: 409 and nothing recorded; K1 for ALPHA again: the value again', async () => {
    const saved = await p.save(ann, [
      {
        type: 'applicationSecrets',
        data: { ALPHA: 'alpha-secret-value-1111', BETA: 'beta-secret-value-2222' },
      },
    ]);
    expect(saved.status).toBe(200);
    const k1 = { 'idempotency-key': 'K1' };
    const alpha = await reveal('ALPHA', k1);
    expect(alpha.json<RevealResponse>()).toEqual({ success: true, value: 'alpha-secret-value-1111' });

    const before = await count();
    const beta = await reveal('BETA', k1);
    expect(beta.statusCode).toBe(409);
    expect(beta.json()).toEqual({ success: false, message: platformMessages.idempotencyKeyReused });
    expect(beta.body).not.toContain('beta-secret');
    expect(await count()).toBe(before);

    const again = await reveal('ALPHA', k1);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(alpha.json());
    expect(await count()).toBe(before);

    const reveals = (await p.events()).filter(
      (e) => e.streamId === secretRevealsStreamId('applicationSecrets'),
    );
    expect(reveals.map((e) => (e.data as { key: string }).key)).toEqual(['ALPHA']);
  });
});

describe('reveal: a replay answers only the very value it first revealed (each disclosure is in the log)', () => {
  const secrets = async (data: Record<string, string>) => {
    const saved = await p.save(ann, [{ type: 'applicationSecrets', data }]);
    expect(saved.status).toBe(200);
  };
  const revealsOf = async (key: string) =>
    (await p.events()).filter(
      (e) =>
        e.streamId === secretRevealsStreamId('applicationSecrets') && (e.data as { key: string }).key === key,
    );
  const changed = {
    status: 409,
    body: {
      success: false,
      message: platformMessages.revealReplayValueChanged(sectionLabels.applicationSecrets, 'GAMMA'),
    },
  };

  it('same key, same body, value unchanged (saved back as its mask): the same value again, nothing more recorded', async () => {
    await secrets({ GAMMA: 'gamma-secret-value-1111' });
    const k2 = { 'idempotency-key': 'K2-unchanged' };
    const first = await reveal('GAMMA', k2);
    expect(first.json()).toEqual({ success: true, value: 'gamma-secret-value-1111' });
    await secrets({ GAMMA: maskOf('1111') });
    await secrets({ GAMMA: 'gamma-secret-value-1111' });
    const before = await count();
    const again = await reveal('GAMMA', k2);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(before);
    expect(await revealsOf('GAMMA')).toHaveLength(1);
  });

  it('same key after the value changed: 409 saying so, no value, nothing recorded; a new key reveals it, recorded', async () => {
    await secrets({ GAMMA: 'gamma-secret-value-2222' });
    const k2 = { 'idempotency-key': 'K2-changed' };
    expect((await reveal('GAMMA', k2)).json()).toEqual({ success: true, value: 'gamma-secret-value-2222' });
    const recorded = (await revealsOf('GAMMA')).length;

    await secrets({ GAMMA: 'gamma-secret-value-3333' });
    const before = await count();
    const replay = await reveal('GAMMA', k2);
    expect({ status: replay.statusCode, body: replay.json<unknown>() }).toEqual(changed);
    expect(replay.body).not.toContain('gamma-secret');
    expect(await count()).toBe(before);
    expect(await revealsOf('GAMMA')).toHaveLength(recorded);

    const fresh = await reveal('GAMMA', { 'idempotency-key': 'K3-changed' });
    expect(fresh.json()).toEqual({ success: true, value: 'gamma-secret-value-3333' });
    expect(await revealsOf('GAMMA')).toHaveLength(recorded + 1);
  });

  it('same key after the value was deleted and created again (even with the same value): 409, nothing recorded', async () => {
    await secrets({ GAMMA: 'gamma-secret-value-4444' });
    const k2 = { 'idempotency-key': 'K2-recreated' };
    expect((await reveal('GAMMA', k2)).json()).toEqual({ success: true, value: 'gamma-secret-value-4444' });
    const recorded = (await revealsOf('GAMMA')).length;

    await secrets({ OTHER: 'other-secret-value-0000' });
    const before = await count();
    const gone = await reveal('GAMMA', k2);
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({
      success: false,
      message: platformMessages.noSuchSecret(sectionLabels.applicationSecrets, 'GAMMA'),
    });
    expect(await count()).toBe(before);

    for (const value of ['gamma-secret-value-5555', 'gamma-secret-value-4444']) {
      await secrets({ GAMMA: value });
      const mark = await count();
      const replay = await reveal('GAMMA', k2);
      expect({ status: replay.statusCode, body: replay.json<unknown>() }).toEqual(changed);
      expect(replay.body).not.toContain('gamma-secret');
      expect(await count()).toBe(mark);
      await secrets({ OTHER: 'other-secret-value-0000' });
    }
    expect(await revealsOf('GAMMA')).toHaveLength(recorded);
  });
});

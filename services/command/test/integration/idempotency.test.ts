import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMessages, type FeatureFlagsSection } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann, bob] });
});
afterAll(async () => {
  await p.close();
});

const flags = (...names: string[]): FeatureFlagsSection =>
  Object.fromEntries(
    names.map((n) => [n, { enabled: true, userExceptions: [], amplifyGroupExceptions: [] }]),
  );

describe('Idempotency-Key: a retried save returns the first answer and appends nothing more', () => {
  it('the same key from the same actor replays the first answer', async () => {
    const before = (await p.events()).length;
    const key = { 'idempotency-key': 'save-1' };
    const first = await p.save(ann, [{ type: 'featureFlags', data: flags('alpha') }], key);
    expect(first.status).toBe(200);
    const appended = (await p.events()).length - before;
    expect(appended).toBe(2);
    const events = (await p.events()).slice(before);
    expect(events.every((e) => e.metadata.commandId === 'save-1:featureFlags')).toBe(true);

    const retry = await p.save(ann, [{ type: 'featureFlags', data: flags('alpha') }], key);
    expect(retry).toEqual(first);
    expect((await p.events()).length).toBe(before + appended);
  });

  it('the same key with other data (a client bug or an edit) is refused: 409, nothing appended', async () => {
    const before = (await p.events()).length;
    const other = await p.save(ann, [{ type: 'featureFlags', data: flags('alpha', 'beta') }], {
      'idempotency-key': 'save-1',
    });
    expect(other).toEqual({
      status: 409,
      body: { success: false, message: platformMessages.idempotencyKeyReused },
    });
    expect((await p.events()).length).toBe(before);
  });

  it('the same key from another actor is another command', async () => {
    const before = (await p.events()).length;
    const res = await p.save(bob, [{ type: 'featureFlags', data: flags('alpha', 'beta') }], {
      'idempotency-key': 'save-1',
    });
    expect(res.status).toBe(200);
    const events = (await p.events()).slice(before);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['FeatureFlagCreated', { name: 'beta' }],
      ['FeatureFlagEnabled', { name: 'beta' }],
    ]);
    expect(events[0]?.metadata.actor.email).toBe(bob);
  });

  it('without a key every request is its own command', async () => {
    const a = await p.save(ann, [{ type: 'featureFlags', data: flags('alpha') }]);
    const b = await p.save(ann, [{ type: 'featureFlags', data: flags('alpha', 'gamma') }]);
    expect(a.body.data['featureFlags']?.success).toBe(true);
    expect(b.body.data['featureFlags']?.version).toBe((a.body.data['featureFlags']?.version ?? 0) + 2);
  });

  it('a refused section stores nothing: the same key may be retried once the input is fixed', async () => {
    const key = { 'idempotency-key': 'save-2' };
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const refused = await p.save(
      ann,
      [{ type: 'featureFlags', data: { ...loaded.data.featureFlags, ' ': flags('x')['x'] } }],
      key,
    );
    expect(refused.status).toBe(400);
    expect((await p.events()).length).toBe(before);
    const fixed = await p.save(
      ann,
      [{ type: 'featureFlags', data: { ...loaded.data.featureFlags, ...flags('delta') } }],
      key,
    );
    expect(fixed.status).toBe(200);
    expect((await p.events()).length).toBe(before + 2);
  });

  it('retries sent at the same moment append once and all get the first answer', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const key = { 'idempotency-key': 'save-3' };
    const data = { ...loaded.data.featureFlags, ...flags('epsilon') };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => p.save(ann, [{ type: 'featureFlags', data }], key)),
    );
    expect((await p.events()).length).toBe(before + 2);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
  });
});

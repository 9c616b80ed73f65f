import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminsStreamId,
  applicationSecretsStreamId,
  featureFlagsStreamId,
  historySecretMask,
  openaiEndpointsStreamId,
  rateLimitStreamId,
  type EventMetadata,
} from '@app/contracts';
import { appendToStream, logStart, readAllForward } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { adminHistoryProjection } from '../../src/projections/admin-history';
import { rebuild } from '../../src/runner/rebuild';

const metadata = (email: string): EventMetadata => ({
  actor: { email, kind: 'admin' },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  requestId: 'r',
  schemaVersion: 1,
});

const sealed = (last4: string) => ({
  version: 2,
  dataKeyId: 'dk-1',
  iv: 'aXY',
  tag: 'dGFn',
  ciphertext: `sealed-${last4}`,
  last4,
  fingerprint: `fp-${last4}`,
});

type Given = [stream: string, type: string, data: unknown];

/** One round of edits in several sections, sessions between them, and an event not the history's. */
const roundOf = (r: number): Given[] => {
  const flag = `flag${r % 3}`;
  const model = `model${r % 2}`;
  return [
    [adminsStreamId, 'AdminAdded', { email: `admin${r}@example.com` }],
    [featureFlagsStreamId, 'FeatureFlagCreated', { name: flag }],
    [featureFlagsStreamId, 'FeatureFlagEnabled', { name: flag }],
    [
      `session-s${r}`,
      'SignedIn',
      { sessionId: `s${r}`, email: 'carl@example.com', method: 'dev', ip: '10.0.0.1' },
    ],
    [featureFlagsStreamId, 'FeatureFlagUserExceptionAdded', { name: flag, email: `u${r}@example.com` }],
    [applicationSecretsStreamId, 'ApplicationSecretAdded', { name: 'TOKEN', value: sealed(`a${r}`) }],
    [applicationSecretsStreamId, 'ApplicationSecretChanged', { name: 'TOKEN', value: sealed(`b${r}`) }],
    [`conversation-c${r}`, 'ConversationCreated', { id: `c${r}`, title: 'not the history' }],
    [rateLimitStreamId, 'ChatRateLimitChanged', { period: 'Daily', rate: r + 1 }],
    // A field removed, then given again.
    [rateLimitStreamId, 'ChatRateLimitChanged', { period: 'Daily', rate: null }],
    [openaiEndpointsStreamId, 'OpenAiModelAdded', { model }],
    [
      openaiEndpointsStreamId,
      'OpenAiEndpointAdded',
      { model, url: `https://e${r}.example.com`, key: sealed(`k${r}`) },
    ],
    [`session-s${r}`, 'SignedOut', { sessionId: `s${r}`, email: 'carl@example.com', ip: '10.0.0.1' }],
    [rateLimitStreamId, 'ChatRateLimitChanged', { period: 'Monthly', rate: r + 2 }],
    [featureFlagsStreamId, 'FeatureFlagUserExceptionRemoved', { name: flag, email: `u${r - 1}@example.com` }],
    // A whole item removed (its fields gone) and, a round later, created again.
    ...(r % 2 === 0
      ? ([
          [featureFlagsStreamId, 'FeatureFlagRemoved', { name: flag }],
          [applicationSecretsStreamId, 'ApplicationSecretRemoved', { name: 'TOKEN' }],
          [openaiEndpointsStreamId, 'OpenAiModelRemoved', { model }],
        ] satisfies Given[])
      : []),
    [adminsStreamId, 'AdminRemoved', { email: `admin${r}@example.com` }],
    [
      `session-r${r}`,
      'SessionRevoked',
      { sessionId: `r${r}`, email: 'dave@example.com', by: 'ann@example.com' },
    ],
  ];
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const versions = new Map<string, number>();
  const all = Array.from({ length: 6 }, (_, r) => roundOf(r)).flat();
  for (const [n, [stream, type, data]] of all.entries()) {
    const version = versions.get(stream) ?? 0;
    await appendToStream(database.db, stream, [{ type, data }], {
      expectedVersion: version === 0 ? 'no-stream' : version,
      metadata: metadata(n % 2 === 0 ? 'ann@example.com' : 'bob@example.com'),
    });
    versions.set(stream, version + 1);
  }
  // A rebuild reads the log up to the oldest transaction still open on the server (another test's,
  // maybe): wait, bounded, until it reads every event appended here.
  await vi.waitFor(
    async () => expect(await readAllForward(database.db, logStart, all.length + 1)).toHaveLength(all.length),
    { timeout: 60_000, interval: 100 },
  );
});
afterAll(async () => {
  await database.drop();
});

const tables = async () => ({
  history: await database.db
    .selectFrom('rm_admin_history')
    .selectAll()
    .orderBy('position')
    .orderBy('ord')
    .execute(),
  state: await database.db
    .selectFrom('rm_admin_history_state')
    .selectAll()
    .orderBy('section')
    .orderBy('item')
    .orderBy('field')
    .execute(),
});

describe('the admin history folded a batch at a time', () => {
  it('gives the same rows and state as folding event by event, whatever the batch size', async () => {
    const { applyBatch: _batch, ...eventByEvent } = adminHistoryProjection;
    await rebuild(database.db, eventByEvent, 1000);
    const expected = await tables();
    const view = (r: (typeof expected.history)[number]) => [
      r.section,
      r.item,
      r.field,
      r.from_value,
      r.to_value,
    ];
    const rateRows = expected.history.filter((r) => r.section === 'rateLimit' && r.field === 'rate');
    expect(rateRows.slice(0, 3).map(view)).toEqual([
      ['rateLimit', '', 'rate', null, '1'],
      ['rateLimit', '', 'rate', '1', null],
      ['rateLimit', '', 'rate', null, '2'],
    ]);
    expect(
      expected.history
        .filter((r) => r.section === 'applicationSecrets')
        .slice(0, 3)
        .map(view),
    ).toEqual([
      ['applicationSecrets', 'TOKEN', 'present', null, 'yes'],
      ['applicationSecrets', 'TOKEN', 'value', null, historySecretMask],
      ['applicationSecrets', 'TOKEN', 'value', historySecretMask, historySecretMask],
    ]);
    expect(expected.history.filter((r) => r.kind === 'sessions')).toHaveLength(18);
    expect(expected.history.some((r) => r.event_type === 'ConversationCreated')).toBe(false);
    // A removal lists the item's fields gone, each from its last value.
    expect(
      expected.history
        .filter((r) => r.event_type === 'FeatureFlagRemoved' && r.item === 'flag0')
        .slice(0, 3)
        .map(view),
    ).toEqual([
      ['featureFlags', 'flag0', 'enabled', 'true', null],
      ['featureFlags', 'flag0', 'present', 'yes', null],
      ['featureFlags', 'flag0', 'userException', 'u0@example.com', null],
    ]);
    expect(expected.state.length).toBeGreaterThan(0);
    for (const size of [1, 7, 1000]) {
      await rebuild(database.db, adminHistoryProjection, size);
      expect(await tables()).toEqual(expected);
    }
  });
});

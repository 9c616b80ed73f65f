import { describe, expect, it } from 'vitest';
import { historySecretMask } from '@app/contracts';
import {
  foldOps,
  opsOf,
  sessionRowOf,
  type FieldChange,
  type SectionFields,
} from '../../src/projections/admin-history-fold';

type Given = { type: string; data: unknown };

/** Given the section's past events, when one more is folded, then these fields changed. */
const given = (section: string, past: Given[]) => {
  const fields: SectionFields = new Map();
  for (const e of past) foldOps(fields, opsOf(section, e.type, e.data));
  return {
    when: (e: Given): FieldChange[] => foldOps(fields, opsOf(section, e.type, e.data)),
  };
};

const sealed = (last4: string) => ({
  version: 2,
  dataKeyId: 'dk-1',
  iv: 'aXY',
  tag: 'dGFn',
  ciphertext: 'Y2lwaGVydGV4dA',
  last4,
  fingerprint: 'fp-1',
});

describe('the admin history fold', () => {
  it('a flag turned on: enabled from false to true', () => {
    const h = given('featureFlags', [{ type: 'FeatureFlagCreated', data: { name: 'beta', enabled: false } }]);
    expect(h.when({ type: 'FeatureFlagEnabled', data: { name: 'beta' } })).toEqual([
      { item: 'beta', field: 'enabled', from: 'false', to: 'true' },
    ]);
  });

  it('a list grows and shrinks one entry at a time, from and to the whole list', () => {
    const h = given('featureFlags', [
      { type: 'FeatureFlagCreated', data: { name: 'beta', enabled: false } },
      { type: 'FeatureFlagUserExceptionAdded', data: { name: 'beta', email: 'a@x.org' } },
    ]);
    expect(
      h.when({ type: 'FeatureFlagUserExceptionAdded', data: { name: 'beta', email: 'b@x.org' } }),
    ).toEqual([{ item: 'beta', field: 'userException', from: 'a@x.org', to: 'a@x.org, b@x.org' }]);
    expect(
      h.when({ type: 'FeatureFlagUserExceptionRemoved', data: { name: 'beta', email: 'a@x.org' } }),
    ).toEqual([{ item: 'beta', field: 'userException', from: 'a@x.org, b@x.org', to: 'b@x.org' }]);
  });

  it('a secret changed shows its mask both sides, never its sealed form nor its last characters', () => {
    const h = given('applicationSecrets', [
      { type: 'ApplicationSecretAdded', data: { name: 'TOKEN', value: sealed('abcd') } },
    ]);
    const changes = h.when({
      type: 'ApplicationSecretChanged',
      data: { name: 'TOKEN', value: sealed('wxyz') },
    });
    // The mask reads the same before and after, and still the row says the value changed.
    expect(changes).toEqual([
      { item: 'TOKEN', field: 'value', from: historySecretMask, to: historySecretMask },
    ]);
    const added = given('applicationSecrets', []).when({
      type: 'ApplicationSecretAdded',
      data: { name: 'TOKEN', value: sealed('abcd') },
    });
    expect(added).toEqual([
      { item: 'TOKEN', field: 'present', from: null, to: 'yes' },
      { item: 'TOKEN', field: 'value', from: null, to: historySecretMask },
    ]);
    expect(JSON.stringify(added)).not.toMatch(/abcd|Y2lwaGVydGV4dA|fp-1/);
  });

  it('a removed item: each of its fields from its last value to nothing', () => {
    const h = given('amplifyGroups', [
      {
        type: 'AmplifyGroupCreated',
        data: { groupName: 'ops', members: ['a@x.org'], isBillingGroup: false },
      },
    ]);
    expect(h.when({ type: 'AmplifyGroupDeleted', data: { groupName: 'ops' } })).toEqual([
      { item: 'ops', field: 'present', from: 'yes', to: null },
      { item: 'ops', field: 'members', from: 'a@x.org', to: null },
      { item: 'ops', field: 'isBillingGroup', from: 'false', to: null },
    ]);
  });

  it("a model's update: only its changed fields, from its previous values", () => {
    const h = given('supportedModels', [
      { type: 'ModelAdded', data: { model: { id: 'gpt', name: 'GPT', inputCost: 1 } } },
    ]);
    expect(
      h.when({ type: 'ModelUpdated', data: { id: 'gpt', changes: { inputCost: 2, name: 'GPT' } } }),
    ).toEqual([{ item: 'gpt', field: 'inputCost', from: '1', to: '2' }]);
  });

  it("a value card's fields, one item", () => {
    const h = given('rateLimit', [{ type: 'ChatRateLimitChanged', data: { period: 'Hourly', rate: 5 } }]);
    expect(h.when({ type: 'ChatRateLimitChanged', data: { period: 'Hourly', rate: 9 } })).toEqual([
      { item: '', field: 'rate', from: '5', to: '9' },
    ]);
  });

  it("an endpoint's key only as a mask, a keyless one as 'no key'", () => {
    const h = given('openaiEndpoints', [{ type: 'OpenAiModelAdded', data: { model: 'gpt' } }]);
    expect(
      h.when({
        type: 'OpenAiEndpointAdded',
        data: { model: 'gpt', url: 'https://a/v1', key: sealed('1234') },
      }),
    ).toEqual([{ item: 'gpt', field: 'endpoint https://a/v1', from: null, to: historySecretMask }]);
    expect(
      h.when({
        type: 'OpenAiEndpointRemoved',
        data: { model: 'gpt', url: 'https://a/v1', keyFingerprint: 'f' },
      }),
    ).toEqual([{ item: 'gpt', field: 'endpoint https://a/v1', from: historySecretMask, to: null }]);
  });

  it('sessions: a sign-in, a sign-out and an end by an admin', () => {
    expect(sessionRowOf('SignedIn', { email: 'u@x.org', method: 'dev', ip: '1.2.3.4' })).toEqual({
      item: 'u@x.org',
      field: 'Signed in',
      to: 'dev from 1.2.3.4',
      actor: 'u@x.org',
    });
    expect(sessionRowOf('SessionRevoked', { email: 'u@x.org', by: 'root@x.org' })).toMatchObject({
      field: 'Session ended',
      actor: 'root@x.org',
    });
  });
});

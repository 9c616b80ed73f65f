import { describe, expect, it } from 'vitest';
import { apiKeyMessages, type ApiKeyCreatedData, type ApiKeyEvent } from '@app/contracts';
import { apiKeyDecider, ApiKeyNotFoundError, type ApiKeyCommand } from '../../src/api-keys/api-key-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(apiKeyDecider);
const apiKeyId = '6f1c1d1e-8a1b-4c2d-9e3f-0a1b2c3d4e5f';
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const eve = 'eve@example.com';
const now = '2026-01-10T12:00:00.000Z';

const key = (extra: Partial<ApiKeyCreatedData> = {}): ApiKeyCreatedData => ({
  apiKeyId,
  kind: 'ownerKey',
  owner: ann,
  delegate: null,
  systemId: null,
  createdAt: now,
  applicationName: 'App',
  applicationDescription: '',
  account: { id: 'general_account', name: 'No COA On File' },
  rateLimit: { period: 'Unlimited', rate: null },
  expirationDate: null,
  accessTypes: ['chat'],
  ...extra,
});
const created = (extra: Partial<ApiKeyCreatedData> = {}): ApiKeyEvent => ({
  type: 'ApiKeyCreated',
  data: key(extra),
});
const deactivated = (by = ann): ApiKeyEvent => ({
  type: 'ApiKeyDeactivated',
  data: { apiKeyId, by, at: now },
});
const create = (extra: Partial<ApiKeyCreatedData> = {}): ApiKeyCommand => ({
  type: 'CreateApiKey',
  data: key(extra),
  now,
});
const rotate = (by = ann): ApiKeyCommand => ({ type: 'RotateApiKey', apiKeyId, by, now });
const deactivate = (by = ann): ApiKeyCommand => ({ type: 'DeactivateApiKey', apiKeyId, by, now });
const update = (changes: object, by = ann, active?: boolean): ApiKeyCommand => ({
  type: 'UpdateApiKey',
  apiKeyId,
  by,
  now,
  changes,
  ...(active === undefined ? {} : { active }),
});

const throwsNotFound = (events: ApiKeyEvent[], command: ApiKeyCommand) =>
  expect(() =>
    apiKeyDecider.decide(command, events.reduce(apiKeyDecider.evolve, apiKeyDecider.initialState())),
  ).toThrow(ApiKeyNotFoundError);

describe('API key decider: create', () => {
  it('given nothing, when created, then ApiKeyCreated', () => {
    given([]).when(create()).then([created()]);
  });
  it('a delegate equal to the owner, a system key with a delegate, a past expiry, no access type: refused', () => {
    given([])
      .when(create({ delegate: ann }))
      .thenThrows(apiKeyMessages.delegateIsOwner);
    given([])
      .when(create({ kind: 'systemKey', delegate: bob }))
      .thenThrows(apiKeyMessages.systemKeyDelegate);
    given([])
      .when(create({ expirationDate: '2026-01-09' }))
      .thenThrows(apiKeyMessages.expiryInPast);
    given([])
      .when(create({ expirationDate: '2026-01-10T11:59:59Z' }))
      .thenThrows(apiKeyMessages.expiryInPast);
    given([])
      .when(create({ accessTypes: [] }))
      .thenThrows(apiKeyMessages.accessTypesRequired);
  });
  it('an expiry of today (a date) works through the day: accepted', () => {
    given([])
      .when(create({ expirationDate: '2026-01-10' }))
      .then([created({ expirationDate: '2026-01-10' })]);
  });
});

describe('API key decider: the key-state rules', () => {
  it('an active key is deactivated; an inactive one decides nothing (the route only says it is inactive)', () => {
    given([created()]).when(deactivate()).then([deactivated()]);
    given([created(), deactivated()]).when(deactivate()).then([]);
  });
  it('no reactivation', () => {
    given([created(), deactivated()])
      .when(update({}, ann, true))
      .thenThrows(apiKeyMessages.cannotReactivate);
  });
  it('only active keys update', () => {
    given([created(), deactivated()])
      .when(update({ applicationName: 'New' }))
      .thenThrows(apiKeyMessages.onlyActiveUpdate('App'));
  });
  it('GET is the only operation on an inactive key: no rotation', () => {
    given([created(), deactivated()]).when(rotate()).thenThrows(apiKeyMessages.inactiveOnlyGet);
  });
  it('an active key rotates', () => {
    given([created()])
      .when(rotate())
      .then([{ type: 'ApiKeyRotated', data: { apiKeyId, by: ann, at: now } }]);
  });
  it('an update records only what changed; nothing changed decides nothing; active false deactivates', () => {
    given([created()])
      .when(
        update({ applicationName: 'App', rateLimit: { period: 'Daily', rate: 2 }, accessTypes: ['chat'] }),
      )
      .then([
        {
          type: 'ApiKeyUpdated',
          data: { apiKeyId, by: ann, at: now, changes: { rateLimit: { period: 'Daily', rate: 2 } } },
        },
      ]);
    given([created()])
      .when(update({ applicationName: 'App' }))
      .then([]);
    given([created()])
      .when(update({}, ann, false))
      .then([deactivated()]);
  });
  it('an update to an expiry in the past is refused', () => {
    given([created()])
      .when(update({ expirationDate: '2020-01-01' }))
      .thenThrows(apiKeyMessages.expiryInPast);
  });
});

describe('API key decider: who may', () => {
  it('anyone but the owner and the delegate: the same refusal as an unknown key', () => {
    for (const command of [rotate(eve), deactivate(eve), update({ applicationName: 'x' }, eve)]) {
      throwsNotFound([created()], command);
      throwsNotFound([], command);
    }
  });
  it("a delegate's key: the delegate rotates it (the secret is theirs), the owner does not; only the owner updates", () => {
    const delegated = created({ kind: 'delegateKey', delegate: bob });
    given([delegated]).when(rotate(ann)).thenThrows(apiKeyMessages.onlyHolderRotates(bob));
    given([delegated])
      .when(rotate(bob))
      .then([{ type: 'ApiKeyRotated', data: { apiKeyId, by: bob, at: now } }]);
    given([delegated])
      .when(update({ applicationName: 'x' }, bob))
      .thenThrows(apiKeyMessages.onlyOwnerUpdates);
    given([delegated])
      .when(deactivate(bob))
      .then([deactivated(bob)]);
  });
});

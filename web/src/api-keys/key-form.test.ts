import { describe, expect, it } from 'vitest';
import { apiKeyLimits, apiKeyMessages, type Account, type ApiKeyView } from '@app/contracts';
import {
  createRequestOf,
  emptyKeyForm,
  hasErrors,
  keyFormOf,
  toggleAccessType,
  updateOf,
  validateKeyForm,
  type KeyFormState,
} from './key-form';
import { apiKeysText } from './api-keys-text';

const now = new Date('2026-11-24T12:00:00.000Z');
const context = { me: 'me@x.org', now };
const valid: KeyFormState = {
  ...emptyKeyForm('general_account'),
  applicationName: 'Bot',
  accessTypes: ['chat'],
};
const accounts: Account[] = [
  { id: 'general_account', name: 'No COA On File', rateLimit: { period: 'Unlimited', rate: null } },
  { id: 'coa-1', name: 'Research', rateLimit: { period: 'Unlimited', rate: null } },
];
const key: ApiKeyView = {
  apiKeyId: '0b9f0e38-3d3c-4f6e-9d6a-2f1d2f1f3a01',
  owner: 'me@x.org',
  delegate: null,
  applicationName: 'Bot',
  applicationDescription: 'Answers',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastAccessed: null,
  rateLimit: { period: 'Daily', rate: 5 },
  expirationDate: '2026-12-31',
  accessTypes: ['chat'],
  active: true,
  account: { id: 'general_account', name: 'No COA On File', isDefault: true },
  systemId: null,
  systemUse: false,
};

describe('the key form: what the browser refuses', () => {
  it('starts empty: no delegate, unlimited, no expiry, no access type', () => {
    expect(emptyKeyForm('acc')).toEqual({
      applicationName: '',
      applicationDescription: '',
      delegate: '',
      accountId: 'acc',
      rateLimit: { period: 'Unlimited', rate: null },
      expirationDate: '',
      accessTypes: [],
      systemUse: false,
    });
  });

  it('accepts a named key with an access type', () => {
    expect(hasErrors(validateKeyForm(valid, context))).toBe(false);
  });

  it('needs a name within its length and a description within its length', () => {
    expect(validateKeyForm({ ...valid, applicationName: '   ' }, context).applicationName).toBe(
      apiKeyMessages.applicationNameRequired,
    );
    const long = 'x'.repeat(apiKeyLimits.applicationNameLength + 1);
    expect(validateKeyForm({ ...valid, applicationName: long }, context).applicationName).toBe(
      apiKeysText.tooLong('The application name', apiKeyLimits.applicationNameLength),
    );
    const longer = 'x'.repeat(apiKeyLimits.applicationDescriptionLength + 1);
    expect(
      validateKeyForm({ ...valid, applicationDescription: longer }, context).applicationDescription,
    ).toBe(apiKeysText.tooLong('The application description', apiKeyLimits.applicationDescriptionLength));
  });

  it('refuses the user themself as delegate, anything but one email, and a delegate on a system key', () => {
    expect(validateKeyForm({ ...valid, delegate: ' ME@x.org ' }, context).delegate).toBe(
      apiKeyMessages.delegateIsOwner,
    );
    expect(validateKeyForm({ ...valid, delegate: 'a@x.org, b@x.org' }, context).delegate).toBe(
      apiKeysText.delegateInvalid,
    );
    expect(validateKeyForm({ ...valid, delegate: 'friend@x.org', systemUse: true }, context).delegate).toBe(
      apiKeyMessages.systemKeyDelegate,
    );
    expect(validateKeyForm({ ...valid, delegate: 'friend@x.org' }, context).delegate).toBeUndefined();
  });

  it('takes an expiry only in the future (today still counts: the key works through the day)', () => {
    expect(validateKeyForm({ ...valid, expirationDate: '2026-11-23' }, context).expirationDate).toBe(
      apiKeyMessages.expiryInPast,
    );
    expect(
      validateKeyForm({ ...valid, expirationDate: '2026-11-24' }, context).expirationDate,
    ).toBeUndefined();
    expect(validateKeyForm({ ...valid, expirationDate: '2026-13-01' }, context).expirationDate).toBe(
      apiKeyMessages.expiryInvalid,
    );
  });

  it('needs at least one access type', () => {
    expect(validateKeyForm({ ...valid, accessTypes: [] }, context).accessTypes).toBe(
      apiKeyMessages.accessTypesRequired,
    );
  });

  it('checks access types in the order they are listed', () => {
    expect(toggleAccessType(['assistants'], 'chat', true)).toEqual(['chat', 'assistants']);
    expect(toggleAccessType(['chat', 'assistants'], 'chat', false)).toEqual(['assistants']);
  });
});

describe('the key form: what is sent', () => {
  it('creates with the account named, no delegate when none (or for a system key), no expiry when empty', () => {
    const form = { ...valid, applicationName: ' Bot ', accountId: 'coa-1', delegate: 'Friend@X.org' };
    expect(createRequestOf(form, accounts)).toEqual({
      applicationName: 'Bot',
      applicationDescription: '',
      delegate: 'friend@x.org',
      account: { id: 'coa-1', name: 'Research', isDefault: false },
      rateLimit: { period: 'Unlimited', rate: null },
      expirationDate: null,
      accessTypes: ['chat'],
      systemUse: false,
    });
    expect(createRequestOf({ ...form, systemUse: true }, accounts).delegate).toBeNull();
    expect(createRequestOf({ ...form, expirationDate: '2027-01-01' }, accounts).expirationDate).toBe(
      '2027-01-01',
    );
  });

  it('updates only what changed, and nothing when nothing did', () => {
    const form = keyFormOf(key);
    expect(updateOf(key, form, accounts)).toBeNull();
    expect(updateOf(key, { ...form, applicationName: 'Bot 2' }, accounts)).toEqual({
      apiKeyId: key.apiKeyId,
      applicationName: 'Bot 2',
    });
    expect(
      updateOf(
        key,
        {
          ...form,
          expirationDate: '',
          rateLimit: { period: 'Unlimited', rate: null },
          accessTypes: ['full_access'],
        },
        accounts,
      ),
    ).toEqual({
      apiKeyId: key.apiKeyId,
      expirationDate: null,
      rateLimit: { period: 'Unlimited', rate: null },
      accessTypes: ['full_access'],
    });
  });
});

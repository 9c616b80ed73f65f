import {
  apiKeyAccessTypes,
  apiKeyLimits,
  apiKeyMessages,
  expiryInstant,
  isEmail,
  normaliseEmail,
  sameRateLimit,
  unlimitedRateLimit,
  type Account,
  type ApiKeyAccessType,
  type ApiKeyCreateRequest,
  type ApiKeyUpdate,
  type ApiKeyView,
  type RateLimit,
} from '@app/contracts';
import { apiKeysText } from './api-keys-text';
import { dateFieldValue } from './key-format';

/** What the create and update forms hold while the user types (the dialog keeps it in local state). */
export interface KeyFormState {
  applicationName: string;
  applicationDescription: string;
  /** The delegate's email, '' for none (create only). */
  delegate: string;
  accountId: string;
  rateLimit: RateLimit;
  /** The date field's `YYYY-MM-DD`, '' for no expiry. */
  expirationDate: string;
  accessTypes: readonly ApiKeyAccessType[];
  /** A system key (create only): no delegate. */
  systemUse: boolean;
}

export type KeyFormField =
  'applicationName' | 'applicationDescription' | 'delegate' | 'expirationDate' | 'accessTypes';
export type KeyFormErrors = Partial<Record<KeyFormField, string>>;

export const emptyKeyForm = (accountId: string): KeyFormState => ({
  applicationName: '',
  applicationDescription: '',
  delegate: '',
  accountId,
  rateLimit: unlimitedRateLimit(),
  expirationDate: '',
  accessTypes: [],
  systemUse: false,
});

/** The update form of a key: its current values. */
export const keyFormOf = (key: ApiKeyView): KeyFormState => ({
  applicationName: key.applicationName,
  applicationDescription: key.applicationDescription,
  delegate: key.delegate ?? '',
  accountId: key.account.id,
  rateLimit: key.rateLimit,
  expirationDate: dateFieldValue(key.expirationDate),
  accessTypes: key.accessTypes,
  systemUse: key.systemUse,
});

/** Checks or unchecks one access type, keeping the order they are listed in. */
export const toggleAccessType = (
  chosen: readonly ApiKeyAccessType[],
  type: ApiKeyAccessType,
  on: boolean,
): ApiKeyAccessType[] => apiKeyAccessTypes.filter((t) => (t === type ? on : chosen.includes(t)));

/**
 * What the browser refuses before asking the server (which checks everything again, with the same
 * words): a name, the lengths, a delegate that is one valid email and not the user (no delegate for
 * a system key), an expiry in the future, at least one access type. Empty when the form may be sent.
 */
export const validateKeyForm = (
  form: Pick<KeyFormState, KeyFormField | 'systemUse'>,
  context: { me: string; now: Date },
): KeyFormErrors => {
  const errors: KeyFormErrors = {};
  const name = form.applicationName.trim();
  if (name === '') errors.applicationName = apiKeyMessages.applicationNameRequired;
  else if (name.length > apiKeyLimits.applicationNameLength)
    errors.applicationName = apiKeysText.tooLong('The application name', apiKeyLimits.applicationNameLength);
  if (form.applicationDescription.length > apiKeyLimits.applicationDescriptionLength)
    errors.applicationDescription = apiKeysText.tooLong(
      'The application description',
      apiKeyLimits.applicationDescriptionLength,
    );
  if (form.delegate.trim() !== '') {
    const delegate = normaliseEmail(form.delegate);
    if (form.systemUse) errors.delegate = apiKeyMessages.systemKeyDelegate;
    else if (!isEmail(delegate)) errors.delegate = apiKeysText.delegateInvalid;
    else if (delegate === normaliseEmail(context.me)) errors.delegate = apiKeyMessages.delegateIsOwner;
  }
  if (form.expirationDate.trim() !== '') {
    const ends = expiryInstant(form.expirationDate.trim());
    if (ends === null) errors.expirationDate = apiKeyMessages.expiryInvalid;
    else if (ends.getTime() <= context.now.getTime()) errors.expirationDate = apiKeyMessages.expiryInPast;
  }
  if (form.accessTypes.length === 0) errors.accessTypes = apiKeyMessages.accessTypesRequired;
  return errors;
};

export const hasErrors = (errors: KeyFormErrors): boolean => Object.keys(errors).length > 0;

/** The account of the form as a key names it (the user's default account when it is no longer listed). */
const accountOf = (accounts: readonly Account[], accountId: string) => {
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  return account
    ? { id: account.id, name: account.name, isDefault: account === accounts[0] }
    : { id: accountId, name: accountId };
};

/** POST /apiKeys/keys/create of a valid form. */
export const createRequestOf = (form: KeyFormState, accounts: readonly Account[]): ApiKeyCreateRequest => ({
  applicationName: form.applicationName.trim(),
  applicationDescription: form.applicationDescription.trim(),
  delegate: form.systemUse || form.delegate.trim() === '' ? null : normaliseEmail(form.delegate),
  account: accountOf(accounts, form.accountId),
  rateLimit: form.rateLimit,
  expirationDate: form.expirationDate.trim() === '' ? null : form.expirationDate.trim(),
  accessTypes: [...form.accessTypes],
  systemUse: form.systemUse,
});

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t) => b.includes(t));

/** The one entry of POST /apiKeys/keys/update: the key and only what changed; null when nothing did. */
export const updateOf = (
  key: ApiKeyView,
  form: KeyFormState,
  accounts: readonly Account[],
): ApiKeyUpdate | null => {
  const was = keyFormOf(key);
  const update: ApiKeyUpdate = { apiKeyId: key.apiKeyId };
  const name = form.applicationName.trim();
  const description = form.applicationDescription.trim();
  if (name !== was.applicationName) update.applicationName = name;
  if (description !== was.applicationDescription) update.applicationDescription = description;
  if (form.accountId !== was.accountId) update.account = accountOf(accounts, form.accountId);
  if (!sameRateLimit(form.rateLimit, was.rateLimit)) update.rateLimit = form.rateLimit;
  if (form.expirationDate.trim() !== was.expirationDate)
    update.expirationDate = form.expirationDate.trim() === '' ? null : form.expirationDate.trim();
  if (!sameTypes(form.accessTypes, was.accessTypes)) update.accessTypes = [...form.accessTypes];
  return Object.keys(update).length > 1 ? update : null;
};

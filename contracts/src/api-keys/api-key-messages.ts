import { apiKeyAccessLabels, type ApiKeyAccessType } from './api-key-access';

/** The API keys' messages (our words for the key-state rules). */
export const apiKeyMessages = {
  created: 'API key created. Copy it now: it will not be shown again.',
  createdForDelegate: (delegate: string) =>
    `API key created for ${delegate}. Only ${delegate} can see its secret: they rotate it in their API keys to get one.`,
  rotated: 'API key rotated. Copy the new key now: it will not be shown again. The old key no longer works.',
  deactivated: 'API key deactivated. It can no longer be used and cannot be reactivated.',
  updated: (count: number) => `${count === 1 ? 'API key' : `${count} API keys`} updated.`,
  /** A create or rotate sent again with the same Idempotency-Key: the secret is never answered twice. */
  secretNotShownAgain:
    'This request was already made: its secret was shown then and is not shown again. Rotate the key to get a new one.',
  nothingChanged: 'Nothing was changed.',
  /** Section 4: deactivating an inactive key only says so (200, nothing recorded). */
  alreadyInactive: 'This API key is already inactive.',
  /** Section 4: no reactivation. */
  cannotReactivate: 'An API key cannot be reactivated. Create a new one instead.',
  /** Section 4: only active keys update. */
  onlyActiveUpdate: (name: string) =>
    `The API key '${name}' is inactive: only active API keys can be updated.`,
  /** Section 4: GET is the only operation on inactive keys. */
  inactiveOnlyGet: 'This API key is inactive: it can only be viewed.',
  /** Unknown, and someone else's: the same words (404), so nothing leaks. */
  notFound: 'There is no API key with this id of yours.',
  onlyOwnerUpdates: 'Only the owner of an API key can change it.',
  onlyHolderRotates: (delegate: string) =>
    `This API key is delegated to ${delegate}: only they can rotate it and see its secret.`,
  delegateIsOwner: 'You cannot delegate an API key to yourself.',
  systemKeyDelegate: 'A system API key cannot have a delegate.',
  expiryInPast: 'The expiration date must be in the future.',
  expiryInvalid: 'The expiration date must be a date (YYYY-MM-DD) or a date and time (ISO 8601).',
  accessTypesRequired: 'Choose at least one access type.',
  applicationNameRequired: 'The application name is required.',
  tooManyKeys: (max: number) =>
    `You have ${max} active API keys, the most allowed. Deactivate one you no longer use first.`,
  repeatedKey: (apiKeyId: string) => `The API key ${apiKeyId} is listed more than once.`,
  /** Refusals of a request made with a key (401: the key does not work at all). */
  unknownKey: 'This API key is not valid.',
  expired: 'This API key has expired.',
  inactive: 'This API key has been deactivated.',
  /** 403: the route accepts no API key (admin routes, sign-in, the key management...). */
  routeRefusesKeys: 'API keys cannot be used for this request. Sign in to do this.',
  /** 403: the route's access type is not one of the key's. */
  outsideAccessTypes: (declared: ApiKeyAccessType) =>
    `This API key does not allow ${apiKeyAccessLabels[declared]} access.`,
  /** The name of the key's limit in the spend refusal (chatMessages.limitReached). */
  limitName: (applicationName: string) => `The limit of the API key ${applicationName}`,
} as const;

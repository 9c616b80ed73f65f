import {
  apiKeyMessages,
  expiryInstant,
  sameRateLimit,
  type ApiKeyCreatedData,
  type ApiKeyEvent,
  type ApiKeySettings,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, type Decider } from '../shared/decider';

/** A key unknown, or not the caller's: one refusal (404), so nothing leaks. */
export class ApiKeyNotFoundError extends DomainError {
  readonly statusCode = 404;
  constructor() {
    super(apiKeyMessages.notFound);
    this.name = 'ApiKeyNotFoundError';
  }
}

/** One key (stream `apiKey-<id>`): null before it is created. */
export type ApiKeyState = (ApiKeyCreatedData & { active: boolean }) | null;

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; data: ApiKeyCreatedData; now: string }
  | { type: 'RotateApiKey'; apiKeyId: string; by: string; now: string }
  | {
      type: 'UpdateApiKey';
      apiKeyId: string;
      by: string;
      now: string;
      changes: Partial<ApiKeySettings>;
      /** `true` asks to reactivate (refused on an inactive key); `false` deactivates. */
      active?: boolean;
    }
  | { type: 'DeactivateApiKey'; apiKeyId: string; by: string; now: string };

const refuseExpiryInPast = (expirationDate: string | null | undefined, now: string): void => {
  if (!expirationDate) return;
  const at = expiryInstant(expirationDate);
  if (!at) throw new DomainError(apiKeyMessages.expiryInvalid);
  if (at.getTime() <= new Date(now).getTime()) throw new DomainError(apiKeyMessages.expiryInPast);
};

/** The key, when `by` may see it (its owner or its delegate); else the same refusal as an unknown key. */
const visibleTo = (state: ApiKeyState, by: string): NonNullable<ApiKeyState> => {
  if (!state || (state.owner !== by && state.delegate !== by)) throw new ApiKeyNotFoundError();
  return state;
};

const sameAccessTypes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only the fields that differ from the key's, in the key's own terms. */
export const changedSettings = (
  key: ApiKeySettings,
  wanted: Partial<ApiKeySettings>,
): Partial<ApiKeySettings> => {
  const changes: Partial<ApiKeySettings> = {};
  if (wanted.applicationName !== undefined && wanted.applicationName !== key.applicationName)
    changes.applicationName = wanted.applicationName;
  if (
    wanted.applicationDescription !== undefined &&
    wanted.applicationDescription !== key.applicationDescription
  )
    changes.applicationDescription = wanted.applicationDescription;
  if (wanted.account !== undefined && wanted.account.id !== key.account.id) changes.account = wanted.account;
  if (wanted.rateLimit !== undefined && !sameRateLimit(wanted.rateLimit, key.rateLimit))
    changes.rateLimit = wanted.rateLimit;
  if (wanted.expirationDate !== undefined && wanted.expirationDate !== key.expirationDate)
    changes.expirationDate = wanted.expirationDate;
  if (wanted.accessTypes !== undefined && !sameAccessTypes(wanted.accessTypes, key.accessTypes))
    changes.accessTypes = wanted.accessTypes;
  return changes;
};

const create = (command: Extract<ApiKeyCommand, { type: 'CreateApiKey' }>, state: ApiKeyState) => {
  const { data } = command;
  // A fresh id each time: a stream already there means the id was reused.
  if (state) throw new DomainError(apiKeyMessages.notFound);
  if (!data.applicationName.trim()) throw new DomainError(apiKeyMessages.applicationNameRequired);
  if (data.accessTypes.length === 0) throw new DomainError(apiKeyMessages.accessTypesRequired);
  if (data.delegate !== null && data.delegate === data.owner)
    throw new DomainError(apiKeyMessages.delegateIsOwner);
  if (data.kind === 'systemKey' && data.delegate !== null)
    throw new DomainError(apiKeyMessages.systemKeyDelegate);
  refuseExpiryInPast(data.expirationDate, command.now);
  const event: ApiKeyEvent = { type: 'ApiKeyCreated', data };
  return [event];
};

const update = (command: Extract<ApiKeyCommand, { type: 'UpdateApiKey' }>, state: ApiKeyState) => {
  const key = visibleTo(state, command.by);
  if (key.owner !== command.by) throw new DomainError(apiKeyMessages.onlyOwnerUpdates);
  if (!key.active) {
    if (command.active === true) throw new DomainError(apiKeyMessages.cannotReactivate);
    throw new DomainError(apiKeyMessages.onlyActiveUpdate(key.applicationName));
  }
  const changes = changedSettings(key, command.changes);
  if (changes.accessTypes?.length === 0) throw new DomainError(apiKeyMessages.accessTypesRequired);
  refuseExpiryInPast(changes.expirationDate, command.now);
  const events: ApiKeyEvent[] = [];
  const stamp = { apiKeyId: key.apiKeyId, by: command.by, at: command.now };
  if (Object.keys(changes).length > 0) events.push({ type: 'ApiKeyUpdated', data: { ...stamp, changes } });
  if (command.active === false) events.push({ type: 'ApiKeyDeactivated', data: stamp });
  return events;
};

/**
 * API keys: a key is active or inactive, and never reactivated; only an
 * active key is updated (by its owner) or rotated (by whoever uses it: its delegate, if any, else
 * its owner, since the new secret is answered to them); an inactive key is only read. Deactivating
 * an inactive key decides nothing (the route says it is inactive). Anyone but the owner and the
 * delegate is told there is no such key.
 */
export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = {
  initialState: () => null,

  decide: (command, state) => {
    switch (command.type) {
      case 'CreateApiKey':
        return create(command, state);
      case 'RotateApiKey': {
        const key = visibleTo(state, command.by);
        if (!key.active) throw new DomainError(apiKeyMessages.inactiveOnlyGet);
        if ((key.delegate ?? key.owner) !== command.by)
          throw new DomainError(apiKeyMessages.onlyHolderRotates(key.delegate ?? key.owner));
        return [{ type: 'ApiKeyRotated', data: { apiKeyId: key.apiKeyId, by: command.by, at: command.now } }];
      }
      case 'UpdateApiKey':
        return update(command, state);
      case 'DeactivateApiKey': {
        const key = visibleTo(state, command.by);
        if (!key.active) return [];
        return [
          { type: 'ApiKeyDeactivated', data: { apiKeyId: key.apiKeyId, by: command.by, at: command.now } },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { ...event.data, active: true };
      case 'ApiKeyRotated':
        return state;
      case 'ApiKeyUpdated':
        return state && { ...state, ...event.data.changes };
      case 'ApiKeyDeactivated':
        return state && { ...state, active: false };
      default:
        return assertNever(event);
    }
  },
};

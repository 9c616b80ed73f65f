import {
  emptyNameMap,
  externalApiLimits,
  externalApiMessages,
  ownValue,
  type ExternalApiEvent,
  type NameMap,
  type SealedSecret,
  type StoredExternalApi,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';

export type ExternalApisState = NameMap<StoredExternalApi>;

export type ExternalApisCommand =
  | { type: 'SaveExternalApi'; data: { api: StoredExternalApi } }
  | { type: 'DeleteExternalApi'; data: { id: string } };

/** Every sealed value a definition holds (for shredding what a save or a delete drops). */
export const secretsOfApi = (api: StoredExternalApi | undefined): SealedSecret[] =>
  api
    ? [
        ...Object.values(api.secretHeaders),
        ...[api.auth.token, api.auth.username, api.auth.password].filter(
          (s): s is SealedSecret => s !== undefined,
        ),
      ]
    : [];

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The external API definitions (stream `externalApis`, keyed by id): saved whole (credentials already
 * sealed), replaced by a save with the same id, deleted. A save that changes nothing records nothing.
 */
export const externalApisDecider: Decider<ExternalApisState, ExternalApisCommand, ExternalApiEvent> = {
  initialState: () => emptyNameMap<StoredExternalApi>(),

  decide: (command, state) => {
    switch (command.type) {
      case 'SaveExternalApi': {
        const { api } = command.data;
        const saved = ownValue(state, api.id);
        if (saved && sameJson(saved, api)) return [];
        if (!saved && Object.keys(state).length >= externalApiLimits.definitions)
          throw new DomainError(externalApiMessages.tooMany);
        return [{ type: 'ExternalApiSaved', data: api }];
      }
      case 'DeleteExternalApi': {
        const saved = ownValue(state, command.data.id);
        if (!saved) throw new DomainError(externalApiMessages.notFound);
        return [{ type: 'ExternalApiDeleted', data: { id: saved.id, name: saved.name } }];
      }
      default:
        return assertNever(command);
    }
  },

  ...nameMapFold<StoredExternalApi, ExternalApiEvent>(
    (event) => event.data.id,
    (_entry, event) => {
      switch (event.type) {
        case 'ExternalApiSaved':
          return event.data;
        case 'ExternalApiDeleted':
          return undefined;
        default:
          return assertNever(event);
      }
    },
  ),

  snapshot: nameMapSnapshot<StoredExternalApi>('externalApis/1'),
};

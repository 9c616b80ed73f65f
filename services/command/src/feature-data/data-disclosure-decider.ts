import type { DataDisclosureEvent } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

export interface PendingDisclosure {
  version: string;
  key: string;
  fileName: string;
  requestedAt: string;
}

export interface PublishedDisclosure extends PendingDisclosure {
  size: number;
}

export interface DataDisclosureState {
  /** The newest disclosure whose bytes arrived: what users must accept. */
  latest: PublishedDisclosure | null;
  /** Uploads asked for (their signed url given) newer than `latest`, whose bytes were not seen yet. */
  pending: PendingDisclosure[];
}

export type DataDisclosureCommand =
  | {
      type: 'RequestDisclosureUpload';
      data: { version: string; key: string; fileName: string; md5: string; requestedAt: string };
    }
  | { type: 'ConfirmDisclosureUpload'; data: { version: string; size: number } };

/** How many unconfirmed uploads are remembered (the oldest is forgotten past it). */
export const pendingKept = 5;

/** Versions are the upload's timestamp in milliseconds: newer is larger. */
export const newerVersion = (a: string, b: string): boolean => Number(a) > Number(b);

const known = (state: DataDisclosureState, version: string): boolean =>
  state.latest?.version === version || state.pending.some((p) => p.version === version);

/**
 * The Data Disclosure (stream `dataDisclosure`): an admin's upload is requested (a signed url given,
 * named data_disclosure_{timestamp}.pdf), then confirmed once its bytes are in the blob store; the
 * newest confirmed one is the disclosure users accept. Confirming one older than the latest, or one
 * not asked for, records nothing.
 */
export const dataDisclosureDecider: Decider<DataDisclosureState, DataDisclosureCommand, DataDisclosureEvent> =
  {
    initialState: () => ({ latest: null, pending: [] }),

    decide: (command, state) => {
      switch (command.type) {
        case 'RequestDisclosureUpload':
          if (known(state, command.data.version))
            throw new DomainError(
              'A Data Disclosure of this version was uploaded already. Please try again.',
            );
          return [{ type: 'DataDisclosureUploadRequested', data: command.data }];
        case 'ConfirmDisclosureUpload': {
          const pending = state.pending.find((p) => p.version === command.data.version);
          if (!pending) return [];
          if (state.latest && !newerVersion(pending.version, state.latest.version)) return [];
          return [
            {
              type: 'DataDisclosureUploaded',
              data: { version: pending.version, key: pending.key, size: command.data.size },
            },
          ];
        }
        default:
          return assertNever(command);
      }
    },

    evolve: (state, event) => {
      switch (event.type) {
        case 'DataDisclosureUploadRequested': {
          const { version, key, fileName, requestedAt } = event.data;
          return {
            ...state,
            pending: [...state.pending, { version, key, fileName, requestedAt }].slice(-pendingKept),
          };
        }
        case 'DataDisclosureUploaded': {
          const pending = state.pending.find((p) => p.version === event.data.version);
          const latest: PublishedDisclosure = {
            version: event.data.version,
            key: event.data.key,
            fileName: pending?.fileName ?? '',
            requestedAt: pending?.requestedAt ?? '',
            size: event.data.size,
          };
          return {
            latest,
            pending: state.pending.filter((p) => newerVersion(p.version, latest.version)),
          };
        }
        default:
          return assertNever(event);
      }
    },

    snapshot: plainSnapshot('dataDisclosure/1', (j) => isPlainObject(j) && Array.isArray(j['pending'])),
  };

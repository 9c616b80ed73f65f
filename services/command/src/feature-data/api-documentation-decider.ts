import type { ApiDocKind, ApiDocumentationEvent } from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

export interface PendingApiDoc {
  kind: ApiDocKind;
  key: string;
  fileName: string;
  requestedAt: string;
}

export interface StoredApiDoc extends PendingApiDoc {
  size: number;
}

export interface ApiDocumentationState {
  /** The newest file of each kind whose bytes arrived. */
  current: Partial<Record<ApiDocKind, StoredApiDoc>>;
  /** Uploads asked for whose bytes were not seen yet (at most a few per kind). */
  pending: PendingApiDoc[];
}

export type ApiDocumentationCommand =
  | {
      type: 'RequestApiDocUpload';
      data: { kind: ApiDocKind; key: string; fileName: string; md5: string; requestedAt: string };
    }
  | { type: 'ConfirmApiDocUpload'; data: { key: string; size: number } };

const pendingKept = 9;

/**
 * The API documentation (stream `apiDocumentation`): a pdf, a csv and a Postman collection json. An
 * admin's upload is requested (a signed url given), then confirmed once its bytes are in the blob
 * store; the confirmed one replaces the file of its kind, and uploads of that kind asked for before
 * it are forgotten.
 */
export const apiDocumentationDecider: Decider<
  ApiDocumentationState,
  ApiDocumentationCommand,
  ApiDocumentationEvent
> = {
  initialState: () => ({ current: {}, pending: [] }),

  decide: (command, state) => {
    switch (command.type) {
      case 'RequestApiDocUpload':
        return [{ type: 'ApiDocumentationUploadRequested', data: command.data }];
      case 'ConfirmApiDocUpload': {
        const pending = state.pending.find((p) => p.key === command.data.key);
        return pending
          ? [
              {
                type: 'ApiDocumentationUploaded',
                data: { kind: pending.kind, key: pending.key, size: command.data.size },
              },
            ]
          : [];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'ApiDocumentationUploadRequested': {
        const { kind, key, fileName, requestedAt } = event.data;
        return {
          ...state,
          pending: [...state.pending, { kind, key, fileName, requestedAt }].slice(-pendingKept),
        };
      }
      case 'ApiDocumentationUploaded': {
        const index = state.pending.findIndex((p) => p.key === event.data.key);
        const pending = state.pending[index];
        if (!pending) return state;
        const earlier = (p: PendingApiDoc, i: number) => p.kind === pending.kind && i <= index;
        return {
          current: { ...state.current, [pending.kind]: { ...pending, size: event.data.size } },
          pending: state.pending.filter((p, i) => !earlier(p, i)),
        };
      }
      default:
        return assertNever(event);
    }
  },

  snapshot: plainSnapshot('apiDocumentation/1', (j) => isPlainObject(j) && Array.isArray(j['pending'])),
};

import { apiKeyAccessLabels, type ApiKeyView } from '@app/contracts';
import { describeRateLimit } from '../ui/rate-limit-selector/rate-input';
import { apiKeysText } from './api-keys-text';
import { keyActions, keyStatus } from './key-actions';
import { describeHolder, formatExpiry, formatTime } from './key-format';

export interface KeyTableProps {
  me: string;
  keys: readonly ApiKeyView[];
  busy: boolean;
  onRotate: (key: ApiKeyView) => void;
  onUpdate: (key: ApiKeyView) => void;
  onDeactivate: (key: ApiKeyView) => void;
}

/**
 * The user's keys (their own, those delegated to them, their system keys): never the owner_api_id,
 * never a secret. The actions follow the key-state rules; there is no reactivation.
 */
export function KeyTable({ me, keys, busy, onRotate, onUpdate, onDeactivate }: KeyTableProps) {
  if (keys.length === 0) return <p className="muted">{apiKeysText.noKeys}</p>;
  const now = new Date();
  return (
    <div className="api-keys-scroll">
      <table className="api-keys-table" aria-label="Your API keys">
        <thead>
          <tr>
            <th scope="col">Application</th>
            <th scope="col">For</th>
            <th scope="col">Created</th>
            <th scope="col">Last accessed</th>
            <th scope="col">Rate limit</th>
            <th scope="col">Expires</th>
            <th scope="col">Access</th>
            <th scope="col">Account</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const actions = keyActions(key, me);
            const status = keyStatus(key);
            const name = key.applicationName;
            return (
              <tr key={key.apiKeyId} className={key.active ? undefined : 'is-inactive'}>
                <th scope="row">
                  <span className="api-keys-name">{name}</span>
                  {key.applicationDescription && (
                    <span className="api-keys-description-text">{key.applicationDescription}</span>
                  )}
                  <span className="api-keys-id" title="API key id">
                    {key.apiKeyId}
                  </span>
                </th>
                <td>{describeHolder(key, me)}</td>
                <td>{formatTime(key.createdAt)}</td>
                <td>{formatTime(key.lastAccessed)}</td>
                <td>{describeRateLimit(key.rateLimit)}</td>
                <td>{formatExpiry(key.expirationDate, now)}</td>
                <td>{key.accessTypes.map((t) => apiKeyAccessLabels[t]).join(', ')}</td>
                <td>{key.account.name}</td>
                <td>
                  <span className={`api-keys-status is-${status.toLowerCase()}`}>{status}</span>
                </td>
                <td className="api-keys-actions">
                  {actions.rotate && (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Rotate ${name}`}
                      disabled={busy}
                      onClick={() => onRotate(key)}
                    >
                      Rotate
                    </button>
                  )}
                  {actions.update && (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Update ${name}`}
                      disabled={busy}
                      onClick={() => onUpdate(key)}
                    >
                      Update
                    </button>
                  )}
                  {actions.deactivate && (
                    <button
                      type="button"
                      className="btn btn-small btn-danger-ghost"
                      aria-label={`Deactivate ${name}`}
                      disabled={busy}
                      onClick={() => onDeactivate(key)}
                    >
                      Deactivate
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { apiKeyAccessLabels, type ApiKeyView } from '@app/contracts';
import { describeRateLimit } from '../ui/rate-limit-selector/rate-input';
import { apiKeysText } from './api-keys-text';
import { keyActions, keyStatus } from './key-actions';
import { describeHolder, formatExpiry, formatTime } from './key-format';
import { TableHead } from '../ui/table/TableHead';
import { RowAction } from '../ui/table/RowAction';

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
  const rowActions = [
    { kind: 'rotate', action: 'Rotate', className: 'btn btn-small', run: onRotate },
    { kind: 'update', action: 'Update', className: 'btn btn-small', run: onUpdate },
    {
      kind: 'deactivate',
      action: 'Deactivate',
      className: 'btn btn-small btn-danger-ghost',
      run: onDeactivate,
    },
  ] as const;
  return (
    <div className="api-keys-scroll">
      <table className="api-keys-table" aria-label="Your API keys">
        <TableHead
          columns={[
            'Application',
            'For',
            'Created',
            'Last accessed',
            'Rate limit',
            'Expires',
            'Access',
            'Account',
            'Status',
          ]}
          actions
        />
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
                  {rowActions.map(
                    (r) =>
                      actions[r.kind] && (
                        <RowAction
                          key={r.kind}
                          action={r.action}
                          name={name}
                          className={r.className}
                          disabled={busy}
                          onClick={() => r.run(key)}
                        />
                      ),
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

import type { ReactNode } from 'react';
import type { ApiKeyView } from '@app/contracts';
import { accessText, expiryText, rateText } from './key-format';

/** Keys as a block shows them; `action` adds a cell per key (e.g. Rotate). */
export function KeyList({
  keys,
  action,
}: {
  keys: readonly ApiKeyView[];
  action?: (key: ApiKeyView) => ReactNode;
}) {
  return (
    <ul className="chat-block-keys">
      {keys.map((k) => (
        <li key={k.apiKeyId} className="chat-block-key" aria-label={k.applicationName}>
          <div className="chat-block-key-head">
            <strong>{k.applicationName}</strong>
            <span className={k.active ? 'chat-block-badge' : 'chat-block-badge inactive'}>
              {k.active ? 'Active' : 'Inactive'}
            </span>
          </div>
          <div className="chat-block-key-fields muted">
            <span>Id: {k.apiKeyId}</span>
            <span>Access: {accessText(k.accessTypes)}</span>
            <span>Rate limit: {rateText(k.rateLimit)}</span>
            <span>Expires: {expiryText(k.expirationDate)}</span>
            <span>Account: {k.account.name}</span>
            {k.delegate !== null && <span>Delegate: {k.delegate}</span>}
          </div>
          {action?.(k)}
        </li>
      ))}
    </ul>
  );
}

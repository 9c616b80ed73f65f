import type { IntegrationItem } from '@app/contracts';
import { cardAction, iconSymbol, type CardState } from './card-state';

export interface IntegrationCardProps {
  item: IntegrationItem;
  state: CardState;
  onConnect: () => void;
  onDisconnect: () => void;
}

/** One integration: its symbol, name and description, a Connected badge, Connect or Disconnect. */
export function IntegrationCard({ item, state, onConnect, onDisconnect }: IntegrationCardProps) {
  const action = cardAction(state);
  return (
    <li className="integration-card" aria-label={item.name}>
      <span className="integration-icon" aria-hidden="true">
        {iconSymbol(item.icon)}
      </span>
      <div className="integration-text">
        <h4 className="integration-name">
          {item.name}
          {state === 'connected' && <span className="badge integration-connected">Connected</span>}
        </h4>
        <p className="integration-description">{item.description}</p>
      </div>
      <button
        type="button"
        className={action.label === 'Connect' ? 'btn btn-primary' : 'btn'}
        disabled={action.busy}
        aria-busy={action.busy}
        aria-label={`${action.label} ${item.name}`}
        onClick={action.label === 'Connect' ? onConnect : onDisconnect}
      >
        {action.label}
      </button>
    </li>
  );
}

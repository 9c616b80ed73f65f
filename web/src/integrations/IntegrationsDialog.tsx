import { useEffect, useId, useRef, useState } from 'react';
import {
  integrationMessages,
  integrationProviders,
  providerLabels,
  type IntegrationItem,
  type IntegrationProvider,
} from '@app/contracts';
import { Modal } from '../ui/Modal';
import { authWindowFeatures, sendToProvider, whenClosed } from './auth-window';
import { cardStateOf } from './card-state';
import { IntegrationCard } from './IntegrationCard';
import { disconnectIntegration, startIntegrationAuth } from '../api/integrations';
import { useIntegrations } from './use-integrations';
import './integrations.css';

type UnderWay = Record<string, 'connecting' | 'disconnecting'>;

/**
 * The user's Integrations dialog: 64 % by 88 %, a tab per category,
 * a card per integration with Connect / Disconnect and a Connected badge, OK to close. Connect opens
 * a 600x600 window at the provider's https address, looked at every 500 ms until it is closed, then
 * the connections are read again. Failures show in the dialog, in `integrationMessages`' words.
 */
export function IntegrationsDialog({ onClose }: { onClose: () => void }) {
  const { load, refresh } = useIntegrations();
  const [tab, setTab] = useState<IntegrationProvider>('google');
  const [underWay, setUnderWay] = useState<UnderWay>({});
  const [error, setError] = useState<string | null>(null);
  const stops = useRef<(() => void)[]>([]);
  const baseId = useId();

  useEffect(() => () => stops.current.forEach((stop) => stop()), []);

  const mark = (id: string, what?: 'connecting' | 'disconnecting') =>
    setUnderWay(({ [id]: _, ...rest }) => (what ? { ...rest, [id]: what } : rest));

  const connect = async (item: IntegrationItem) => {
    setError(null);
    // Opened on the click itself (a window opened after an await may be blocked), sent on once the
    // address is known.
    const win = window.open('about:blank', `integration-${item.id}`, authWindowFeatures);
    if (!win) {
      setError(integrationMessages.errorOccurred);
      return;
    }
    mark(item.id, 'connecting');
    try {
      const address = await startIntegrationAuth(item.id);
      if (!sendToProvider(win, address)) throw new Error('not https');
    } catch {
      win.close();
      mark(item.id);
      setError(integrationMessages.errorOccurred);
      return;
    }
    stops.current.push(
      whenClosed(win, () => {
        void refresh().then(() => mark(item.id));
      }),
    );
  };

  const disconnect = async (item: IntegrationItem) => {
    setError(null);
    mark(item.id, 'disconnecting');
    try {
      await disconnectIntegration(item.id);
      await refresh();
    } catch {
      setError(integrationMessages.errorOccurred);
    } finally {
      mark(item.id);
    }
  };

  const items = load.kind === 'loaded' ? load.items[tab] : [];
  return (
    <Modal label="Integrations" onDismiss={onClose} className="integrations-dialog">
      <header className="integrations-header">
        <h2>Integrations</h2>
      </header>
      <div className="integrations-body">
        {load.kind === 'loading' && <p role="status">{integrationMessages.loading}</p>}
        {load.kind === 'failed' && (
          <p role="alert" className="field-error">
            {load.message}
          </p>
        )}
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        {load.kind === 'loaded' && (
          <>
            <div role="tablist" aria-label="Integration categories" className="integrations-tabs">
              {integrationProviders.map((p) => (
                <button
                  key={p}
                  type="button"
                  role="tab"
                  id={`${baseId}-tab-${p}`}
                  aria-controls={`${baseId}-panel`}
                  aria-selected={tab === p}
                  className={tab === p ? 'integrations-tab active' : 'integrations-tab'}
                  onClick={() => setTab(p)}
                >
                  {providerLabels[p]}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
              {items.length === 0 ? (
                <p className="empty">{integrationMessages.noneAvailable}</p>
              ) : (
                <ul className="integration-cards">
                  {items.map((item) => (
                    <IntegrationCard
                      key={item.id}
                      item={item}
                      state={cardStateOf(item.id, load.connected, underWay)}
                      onConnect={() => void connect(item)}
                      onDisconnect={() => void disconnect(item)}
                    />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </div>
      <footer className="integrations-footer">
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          OK
        </button>
      </footer>
    </Modal>
  );
}

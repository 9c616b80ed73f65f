import { useCallback, useEffect, useState } from 'react';
import { integrationMessages, type AdminProvider } from '@app/contracts';
import { fetchAdminIntegrations } from '../../api/integrations';
import { ProviderCard } from './ProviderCard';
import './integrations.css';
import { whileMounted } from '../../ui/while-mounted';

type Load =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; providers: AdminProvider[]; round: number };

const readProviders = (): Promise<AdminProvider[] | null> => fetchAdminIntegrations().catch(() => null);

const nextRound = (l: Load, providers: AdminProvider[]): Load => ({
  kind: 'loaded',
  providers,
  round: l.kind === 'loaded' ? l.round + 1 : 0,
});

/** The Admin Interface's Integrations tab: a card per provider (Google, Office 365). */
export default function IntegrationsTab() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const read = useCallback(async () => {
    const next = await readProviders();
    setLoad((l) => (next === null ? { kind: 'failed' } : nextRound(l, next)));
  }, []);

  useEffect(() => {
    return whileMounted(readProviders(), (next) =>
      setLoad((l) => (next === null ? { kind: 'failed' } : nextRound(l, next))),
    );
  }, []);

  if (load.kind === 'loading') return <p role="status">{integrationMessages.loading}</p>;
  if (load.kind === 'failed')
    return (
      <p role="alert" className="field-error">
        {integrationMessages.unableToRetrieve}
      </p>
    );
  return (
    <div className="cards integrations-tab">
      {load.providers.map((provider) => (
        // A new round (after a change) starts the form again from what is registered.
        <ProviderCard key={`${provider.provider}-${load.round}`} provider={provider} onChanged={read} />
      ))}
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { integrationMessages, type IntegrationItem, type IntegrationProvider } from '@app/contracts';
import { fetchConnectedIntegrations, fetchSupportedIntegrations } from '../api/integrations';
import { whileMounted } from '../ui/while-mounted';

export type IntegrationsLoad =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; items: Record<IntegrationProvider, IntegrationItem[]>; connected: string[] };

/** The supported integrations, then the caller's connections; each failure in the contracts' words. */
const readIntegrations = async (): Promise<IntegrationsLoad> => {
  let items: Record<IntegrationProvider, IntegrationItem[]>;
  try {
    items = await fetchSupportedIntegrations();
  } catch {
    return { kind: 'failed', message: integrationMessages.unableToRetrieve };
  }
  try {
    return { kind: 'loaded', items, connected: await fetchConnectedIntegrations() };
  } catch {
    return { kind: 'failed', message: integrationMessages.unableToVerify };
  }
};

/** The supported integrations and the caller's connections; `refresh` reads both again. */
export const useIntegrations = (): { load: IntegrationsLoad; refresh: () => Promise<void> } => {
  const [load, setLoad] = useState<IntegrationsLoad>({ kind: 'loading' });

  const refresh = useCallback(async () => {
    setLoad(await readIntegrations());
  }, []);

  useEffect(() => {
    return whileMounted(readIntegrations(), setLoad);
  }, []);

  return { load, refresh };
};

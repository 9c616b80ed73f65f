import { useEffect, useState } from 'react';
import { fetchAdminIntegrations } from '../api/integrations';
import { whileMounted } from '../ui/while-mounted';

/**
 * Whether the integration data could be loaded (the Integrations tab appears only then).
 * Read once when the Admin Interface opens.
 */
export const useAdminIntegrationsLoaded = (): boolean => {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    return whileMounted(
      fetchAdminIntegrations(),
      () => setLoaded(true),
      () => setLoaded(false),
    );
  }, []);
  return loaded;
};

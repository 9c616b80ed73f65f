import { useEffect, useState } from 'react';
import { fetchAdminIntegrations } from '../api/integrations';

/**
 * Whether the integration data could be loaded (the Integrations tab appears only then).
 * Read once when the Admin Interface opens.
 */
export const useAdminIntegrationsLoaded = (): boolean => {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    fetchAdminIntegrations().then(
      () => live && setLoaded(true),
      () => live && setLoaded(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded;
};

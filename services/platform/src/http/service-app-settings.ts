import { resolveAuthMode } from '../identity/auth-mode';
import type { Settings } from '../settings';
import type { ServiceAppOptions } from './service-app';

const hour = 3600 * 1000;

/**
 * The sign-in, session and shared-limits parts of a service's options (REDIS_URL holds the rate
 * limits' counters), from the settings; throws why it must not start.
 */
export const serviceAuthOptions = (
  settings: Settings,
  authMode: 'dev' | 'oidc' = settings.AUTH_MODE,
): Pick<
  ServiceAppOptions,
  'devLogin' | 'oidc' | 'publicUrl' | 'sessionPolicy' | 'trustProxy' | 'metricsToken' | 'redisUrl'
> => {
  const mode = resolveAuthMode({ ...settings, AUTH_MODE: authMode });
  return {
    devLogin: mode.kind === 'dev',
    ...(mode.kind === 'oidc' ? { oidc: mode.oidc } : {}),
    ...(settings.PUBLIC_URL ? { publicUrl: settings.PUBLIC_URL } : {}),
    sessionPolicy: { idleMs: settings.SESSION_IDLE_HOURS * hour, maxMs: settings.SESSION_MAX_HOURS * hour },
    trustProxy: settings.TRUST_PROXY,
    ...(settings.METRICS_TOKEN ? { metricsToken: settings.METRICS_TOKEN } : {}),
    ...(settings.REDIS_URL ? { redisUrl: settings.REDIS_URL } : {}),
  };
};

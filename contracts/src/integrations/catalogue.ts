/**
 * The integrations users may connect (the user's Integrations dialog; the Admin Interface's
 * Integrations tab). Two providers (categories), google and microsoft (shown as Office 365),
 * each with a few items; an item names the OAuth scopes it asks for. What admins register per
 * provider (client id, client secret, tenant id) and which items they support is in the log.
 */
export const integrationProviders = ['google', 'microsoft'] as const;
export type IntegrationProvider = (typeof integrationProviders)[number];

export const providerLabels: Record<IntegrationProvider, string> = {
  google: 'Google',
  microsoft: 'Office 365',
};

export interface IntegrationDefinition {
  id: string;
  provider: IntegrationProvider;
  name: string;
  description: string;
  /** A short key the interface draws its symbol from (drive, calendar, sheets, mail). */
  icon: string;
  /** The OAuth scopes asked for when a user connects it. */
  scopes: readonly string[];
}

export const integrationCatalogue: readonly IntegrationDefinition[] = [
  {
    id: 'google_drive',
    provider: 'google',
    name: 'Google Drive',
    description: 'Read the files in your Google Drive.',
    icon: 'drive',
    scopes: ['https://www.googleapis.com/auth/drive.readonly'],
  },
  {
    id: 'google_calendar',
    provider: 'google',
    name: 'Google Calendar',
    description: 'Read the events of your Google Calendar.',
    icon: 'calendar',
    scopes: ['https://www.googleapis.com/auth/calendar.readonly'],
  },
  {
    id: 'google_sheets',
    provider: 'google',
    name: 'Google Sheets',
    description: 'Read your Google Sheets spreadsheets.',
    icon: 'sheets',
    scopes: ['https://www.googleapis.com/auth/spreadsheets.readonly'],
  },
  {
    id: 'microsoft_drive',
    provider: 'microsoft',
    name: 'OneDrive',
    description: 'Read the files in your OneDrive.',
    icon: 'drive',
    scopes: ['offline_access', 'Files.Read'],
  },
  {
    id: 'microsoft_calendar',
    provider: 'microsoft',
    name: 'Outlook Calendar',
    description: 'Read the events of your Outlook calendar.',
    icon: 'calendar',
    scopes: ['offline_access', 'Calendars.Read'],
  },
  {
    id: 'microsoft_outlook',
    provider: 'microsoft',
    name: 'Outlook Mail',
    description: 'Read the mail in your Outlook mailbox.',
    icon: 'mail',
    scopes: ['offline_access', 'Mail.Read'],
  },
];

export const integrationIds = integrationCatalogue.map((i) => i.id) as [string, ...string[]];

export const integrationNamed = (id: string): IntegrationDefinition | undefined =>
  integrationCatalogue.find((i) => i.id === id);

export const integrationsOf = (provider: IntegrationProvider): IntegrationDefinition[] =>
  integrationCatalogue.filter((i) => i.provider === provider);

/** Microsoft's tenant when the admin gives none: any work, school or personal account. */
export const defaultMicrosoftTenant = 'common';

export interface ProviderEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

/**
 * The providers' real endpoints. Only the platform's configuration may point elsewhere (a test's local
 * provider), never what a user or an admin types.
 */
export const defaultProviderEndpoints = (
  provider: IntegrationProvider,
  tenantId: string,
): ProviderEndpoints => {
  switch (provider) {
    case 'google':
      return {
        authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenEndpoint: 'https://oauth2.googleapis.com/token',
      };
    case 'microsoft': {
      const tenant = encodeURIComponent(tenantId === '' ? defaultMicrosoftTenant : tenantId);
      return {
        authorizationEndpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
        tokenEndpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
      };
    }
  }
};

/** What each provider needs beyond the standard parameters to hand out a refresh token. */
export const extraAuthorizationParams: Record<IntegrationProvider, Record<string, string>> = {
  google: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
  microsoft: {},
};

/** The integration auth address rule: the window opens only an https address. */
export const isHttpsAddress = (address: string): boolean => {
  try {
    return new URL(address).protocol === 'https:';
  } catch {
    return false;
  }
};

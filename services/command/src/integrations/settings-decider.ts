import {
  integrationMessages,
  integrationNamed,
  providerLabels,
  type IntegrationProvider,
  type IntegrationSettingsEvent,
  type SealedSecret,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, type Decider } from '../shared/decider';

export interface ProviderSecrets {
  clientId: string;
  /** Sealed: the value is never held in clear outside a request that uses it. */
  clientSecret: SealedSecret;
  tenantId: string;
}

export interface IntegrationSettings {
  providers: Partial<Record<IntegrationProvider, ProviderSecrets>>;
  /** The ids of the items admins support. */
  supported: string[];
}

export type IntegrationSettingsCommand =
  | {
      type: 'RegisterIntegrationSecrets';
      data: { provider: IntegrationProvider; clientId: string; clientSecret: SealedSecret; tenantId: string };
    }
  | { type: 'ChangeIntegrationSupport'; data: { integration: string; isAvailable: boolean } };

const sameSecrets = (a: ProviderSecrets, b: ProviderSecrets) =>
  a.clientId === b.clientId &&
  a.tenantId === b.tenantId &&
  a.clientSecret.fingerprint === b.clientSecret.fingerprint;

/** Whether a provider has both its client id and its secret (the Support toggle appears then). */
export const hasSecrets = (settings: IntegrationSettings, provider: IntegrationProvider): boolean => {
  const secrets = settings.providers[provider];
  return secrets !== undefined && secrets.clientId !== '';
};

/** Whether users may connect `id`: supported, and its provider's secrets registered. */
export const isAvailable = (settings: IntegrationSettings, id: string): boolean => {
  const item = integrationNamed(id);
  return item !== undefined && settings.supported.includes(id) && hasSecrets(settings, item.provider);
};

/**
 * The admins' side of integrations (stream `integrationSettings`; the Integrations tab): the
 * secrets registered per provider (the client secret sealed before it is decided), and which items
 * are supported. Supporting an item needs its provider's client id and secret; an unchanged
 * registration or toggle records nothing.
 */
export const integrationSettingsDecider: Decider<
  IntegrationSettings,
  IntegrationSettingsCommand,
  IntegrationSettingsEvent
> = {
  initialState: () => ({ providers: {}, supported: [] }),

  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterIntegrationSecrets': {
        const current = state.providers[command.data.provider];
        if (current && sameSecrets(current, command.data)) return [];
        return [{ type: 'IntegrationSecretsRegistered', data: command.data }];
      }
      case 'ChangeIntegrationSupport': {
        const { integration, isAvailable } = command.data;
        const item = integrationNamed(integration);
        if (!item) throw new DomainError(integrationMessages.unknownIntegration(integration));
        if (isAvailable && !hasSecrets(state, item.provider))
          throw new DomainError(integrationMessages.noSecrets(providerLabels[item.provider]));
        if (state.supported.includes(integration) === isAvailable) return [];
        return [{ type: 'IntegrationSupportChanged', data: { integration, isAvailable } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'IntegrationSecretsRegistered': {
        const { provider, ...secrets } = event.data;
        return { ...state, providers: { ...state.providers, [provider]: secrets } };
      }
      case 'IntegrationSupportChanged': {
        const others = state.supported.filter((id) => id !== event.data.integration);
        return {
          ...state,
          supported: event.data.isAvailable ? [...others, event.data.integration] : others,
        };
      }
      default:
        return assertNever(event);
    }
  },
};

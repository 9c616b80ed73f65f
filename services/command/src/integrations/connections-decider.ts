import { integrationMessages, integrationNamed, type IntegrationConnectionEvent } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, type Decider } from '../shared/decider';

/** The ids of the integrations a user has connected. */
export type Connections = string[];

export type ConnectionCommand =
  | {
      type: 'ConnectIntegration';
      data: { integration: string; scopes: string[]; expiresAt: string | null; hasRefreshToken: boolean };
    }
  | { type: 'DisconnectIntegration'; data: { integration: string } };

const nameOf = (id: string) => integrationNamed(id)?.name ?? id;

/**
 * A user's connections (stream `integrationConnections-<email>`): connected by a completed OAuth
 * authorization (again: the tokens are replaced), disconnected only when connected. The tokens are
 * never in an event: they are sealed in `integration_tokens`, in the same transaction.
 */
export const integrationConnectionsDecider: Decider<
  Connections,
  ConnectionCommand,
  IntegrationConnectionEvent
> = {
  initialState: () => [],

  decide: (command, state) => {
    switch (command.type) {
      case 'ConnectIntegration':
        return [{ type: 'IntegrationConnected', data: command.data }];
      case 'DisconnectIntegration': {
        const { integration } = command.data;
        if (!state.includes(integration))
          throw new DomainError(integrationMessages.notConnected(nameOf(integration)));
        return [{ type: 'IntegrationDisconnected', data: { integration } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'IntegrationConnected':
        return state.includes(event.data.integration) ? state : [...state, event.data.integration];
      case 'IntegrationDisconnected':
        return state.filter((id) => id !== event.data.integration);
      default:
        return assertNever(event);
    }
  },
};

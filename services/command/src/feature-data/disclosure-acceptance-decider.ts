import type { DisclosureAcceptanceEvent } from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

export interface DisclosureAcceptanceState {
  /** The version of the Data Disclosure the user last accepted. */
  version: string | null;
}

export type DisclosureAcceptanceCommand = {
  type: 'AcceptDisclosure';
  data: { email: string; version: string };
};

/**
 * A user's acceptance of the Data Disclosure (stream `dataDisclosureAcceptance-<email>`): accepting
 * the version they accepted already records nothing.
 */
export const disclosureAcceptanceDecider: Decider<
  DisclosureAcceptanceState,
  DisclosureAcceptanceCommand,
  DisclosureAcceptanceEvent
> = {
  initialState: () => ({ version: null }),

  decide: (command, state) => {
    switch (command.type) {
      case 'AcceptDisclosure':
        return state.version === command.data.version
          ? []
          : [{ type: 'DataDisclosureAccepted', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'DataDisclosureAccepted':
        return { version: event.data.version };
      default:
        return assertNever(event.type);
    }
  },

  snapshot: plainSnapshot('dataDisclosureAcceptance/1', (j) => isPlainObject(j) && 'version' in j),
};

/** The user must accept before chatting: a disclosure is published and they did not accept that one. */
export const mustAcceptDisclosure = (
  latestVersion: string | null,
  accepted: DisclosureAcceptanceState,
): boolean => latestVersion !== null && accepted.version !== latestVersion;

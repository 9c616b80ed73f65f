import {
  parseEndpointUrl,
  platformMessages,
  type EndpointTestEvent,
  type EndpointTestRequestedData,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, type Decider } from '../shared/decider';

export type EndpointTestState = { status: 'none' | 'pending' | 'finished' };

export type EndpointTestOutcome =
  { success: true; message: string } | { success: false; message: string; reason: string };

export type EndpointTestCommand =
  /** The admin asked for a test; the key is sealed before deciding. */
  | { type: 'RequestEndpointTest'; data: EndpointTestRequestedData }
  /** The workers report how the test went (once: a repeated report changes nothing). */
  | { type: 'RecordEndpointTestResult'; data: { testId: string; outcome: EndpointTestOutcome } };

/** One endpoint test: requested once, then succeeded or failed once. */
export const endpointTestDecider: Decider<EndpointTestState, EndpointTestCommand, EndpointTestEvent> = {
  initialState: () => ({ status: 'none' }),

  decide: (command, state) => {
    switch (command.type) {
      case 'RequestEndpointTest': {
        if (state.status !== 'none') return [];
        if (parseEndpointUrl(command.data.url) === null)
          throw new DomainError(platformMessages.endpointTestInvalidUrl);
        return [{ type: 'EndpointTestRequested', data: command.data }];
      }
      case 'RecordEndpointTestResult': {
        const { testId, outcome } = command.data;
        if (state.status === 'none') throw new DomainError(`No endpoint test '${testId}' was requested.`);
        if (state.status === 'finished') return [];
        return outcome.success
          ? [{ type: 'EndpointTestSucceeded', data: { testId, message: outcome.message } }]
          : [
              {
                type: 'EndpointTestFailed',
                data: { testId, message: outcome.message, reason: outcome.reason },
              },
            ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'EndpointTestRequested':
        return { status: 'pending' };
      case 'EndpointTestSucceeded':
      case 'EndpointTestFailed':
        return { status: 'finished' };
      default:
        return assertNever(event);
    }
  },
};

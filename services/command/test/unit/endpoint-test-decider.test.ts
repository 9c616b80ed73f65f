import { describe, it } from 'vitest';
import { platformMessages, type EndpointTestEvent, type EndpointTestRequestedData } from '@app/contracts';
import { endpointTestDecider } from '../../src/configurations/endpoint-test';
import { DeciderSpecification } from './decider-spec';
import { sealed } from './sealed-fixtures';

const given = DeciderSpecification.for(endpointTestDecider);

const request: EndpointTestRequestedData = {
  testId: 't1',
  url: 'https://east.example.com/v1/chat/completions',
  model: 'gpt-4o',
  key: sealed('fp-1'),
};
const requested: EndpointTestEvent = { type: 'EndpointTestRequested', data: request };
const succeeded: EndpointTestEvent = { type: 'EndpointTestSucceeded', data: { testId: 't1', message: 'ok' } };
const failure = { success: false as const, message: 'Failed...', reason: 'HTTP 401 Unauthorized' };

describe('endpoint test decider', () => {
  it('a test is requested once', () => {
    given([]).when({ type: 'RequestEndpointTest', data: request }).then([requested]);
    given([requested]).when({ type: 'RequestEndpointTest', data: request }).then([]);
  });

  it('a url that is not http(s) is refused', () => {
    given([])
      .when({ type: 'RequestEndpointTest', data: { ...request, url: 'file:///etc/passwd' } })
      .thenThrows(platformMessages.endpointTestInvalidUrl);
  });

  it('the workers report success', () => {
    given([requested])
      .when({
        type: 'RecordEndpointTestResult',
        data: { testId: 't1', outcome: { success: true, message: 'ok' } },
      })
      .then([succeeded]);
  });

  it('the workers report a failure with its reason', () => {
    given([requested])
      .when({ type: 'RecordEndpointTestResult', data: { testId: 't1', outcome: failure } })
      .then([
        {
          type: 'EndpointTestFailed',
          data: { testId: 't1', message: 'Failed...', reason: 'HTTP 401 Unauthorized' },
        },
      ]);
  });

  it('a second report changes nothing', () => {
    given([requested, succeeded])
      .when({ type: 'RecordEndpointTestResult', data: { testId: 't1', outcome: failure } })
      .then([]);
  });

  it('a report for a test nobody requested is refused', () => {
    given([])
      .when({ type: 'RecordEndpointTestResult', data: { testId: 't9', outcome: failure } })
      .thenThrows("No endpoint test 't9' was requested.");
  });
});

import { describe, expect, it } from 'vitest';
import { withTestDone, type EndpointTestState } from './test-state';

describe('withTestDone', () => {
  const testing: EndpointTestState = {
    phase: 'testing',
    tests: [
      { model: 'a', url: 'http://a', status: 'pending' },
      { model: 'b', url: 'http://b', status: 'pending' },
    ],
  };

  it('marks one test passed or failed, the others still pending', () => {
    const next = withTestDone(withTestDone(testing, 1, false), 0, true);
    expect(next).toEqual({
      phase: 'testing',
      tests: [
        { model: 'a', url: 'http://a', status: 'passed' },
        { model: 'b', url: 'http://b', status: 'failed' },
      ],
    });
  });

  it('changes nothing once the tests are over', () => {
    expect(withTestDone(null, 0, true)).toBeNull();
  });
});

import { atom } from 'jotai';
import { testEndpoint } from '../../api/secrets';
import { errorText } from '../../api/http';
import { currentValue } from '../../state/section-rules';
import { readSection, sections } from '../../state/sections';
import {
  endpointsToTest,
  testRequest,
  unreachableOutcome,
  type PlannedTest,
  type TestOutcome,
} from './test-plan';
import { endpointTestStateAtom, withTestDone } from './test-state';

const runTest = async (test: PlannedTest): Promise<TestOutcome> => {
  try {
    const answer = await testEndpoint(testRequest(test));
    return {
      model: test.model,
      url: test.url,
      success: answer.success,
      message: answer.message,
      ...(answer.reason ? { reason: answer.reason } : {}),
    };
  } catch (e) {
    return unreachableOutcome(test, errorText(e));
  }
};

/**
 * Before Save Changes sends anything: the endpoints added to OpenAi Endpoints are tested (through
 * the server and its workers). Answers whether to save: yes when every test passed or there was
 * nothing to test; after a failure, what the admin decides in the confirmation.
 */
export const testNewEndpointsAtom = atom(null, async (get, set): Promise<boolean> => {
  if (get(endpointTestStateAtom) !== null) return false;
  if (!get(sections.openaiEndpoints.dirty)) return true;
  const planned = endpointsToTest(currentValue(readSection(get, 'openaiEndpoints')));
  if (planned.length === 0) return true;

  set(endpointTestStateAtom, {
    phase: 'testing',
    tests: planned.map((t) => ({ model: t.model, url: t.url, status: 'pending' as const })),
  });
  const outcomes = await Promise.all(
    planned.map(async (test, index) => {
      const outcome = await runTest(test);
      set(endpointTestStateAtom, (state) => withTestDone(state, index, outcome.success));
      return outcome;
    }),
  );
  const failures = outcomes.filter((o) => !o.success);
  if (failures.length === 0) {
    set(endpointTestStateAtom, null);
    return true;
  }
  const proceed = await new Promise<boolean>((decide) =>
    set(endpointTestStateAtom, { phase: 'failed', failures, decide }),
  );
  set(endpointTestStateAtom, null);
  return proceed;
});

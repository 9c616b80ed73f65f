import { atom } from 'jotai';
import type { TestOutcome } from './test-plan';

export interface TestProgress {
  model: string;
  url: string;
  status: 'pending' | 'passed' | 'failed';
}

/** The tests Save Changes runs first: in progress, or failed and waiting for the admin's decision. */
export type EndpointTestState =
  | { phase: 'testing'; tests: readonly TestProgress[] }
  | { phase: 'failed'; failures: readonly TestOutcome[]; decide: (proceed: boolean) => void }
  | null;

export const endpointTestStateAtom = atom<EndpointTestState>(null);

/** Marks the test at `index` done. */
export const withTestDone = (state: EndpointTestState, index: number, passed: boolean): EndpointTestState =>
  state?.phase === 'testing'
    ? {
        ...state,
        tests: state.tests.map((t, i) => (i === index ? { ...t, status: passed ? 'passed' : 'failed' } : t)),
      }
    : state;

import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { adminMessages } from '@app/contracts';
import { Modal } from '../../ui/Modal';
import { endpointTestStateAtom, type TestProgress } from './test-state';
import type { TestOutcome } from './test-plan';
import './endpoint-tests.css';

const statusText: Record<TestProgress['status'], string> = {
  pending: 'Testing…',
  passed: 'Passed',
  failed: 'Failed',
};

function TestingProgress({ tests }: { tests: readonly TestProgress[] }) {
  const done = tests.filter((t) => t.status !== 'pending').length;
  return (
    <Modal label="Testing new endpoints" onDismiss={() => undefined} className="endpoint-tests">
      <h2 className="confirm-title">Testing new endpoints</h2>
      <p role="status" className="endpoint-tests-progress">
        Tested {done} of {tests.length}
      </p>
      <progress max={tests.length} value={done} aria-label="Endpoint tests done" />
      <ul className="endpoint-tests-list">
        {tests.map((t, i) => (
          <li key={i} className={`endpoint-test is-${t.status}`}>
            <span className="endpoint-test-url">
              {t.model}: {t.url}
            </span>
            <span className="endpoint-test-status">{statusText[t.status]}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function FailedTests({
  failures,
  decide,
}: {
  failures: readonly TestOutcome[];
  decide: (proceed: boolean) => void;
}) {
  const questionId = useId();
  return (
    <Modal
      label="Endpoint test failed"
      role="alertdialog"
      onDismiss={() => decide(false)}
      className="confirm endpoint-tests"
      describedBy={questionId}
    >
      <h2 className="confirm-title">Endpoint test failed</h2>
      <ul className="endpoint-tests-failures">
        {failures.map((f, i) => (
          <li key={i}>
            <p className="endpoint-test-message">{f.message}</p>
            {f.reason && <p className="muted endpoint-test-reason">Reason: {f.reason}</p>}
          </li>
        ))}
      </ul>
      <p id={questionId} className="confirm-message">
        {adminMessages.endpointTestContinue}
      </p>
      <div className="confirm-actions">
        <button type="button" className="btn" onClick={() => decide(false)} data-autofocus>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => decide(true)}>
          Continue saving
        </button>
      </div>
    </Modal>
  );
}

/** What Save Changes shows while new endpoints are tested, and the question after a failure. */
export function EndpointTestDialog() {
  const state = useAtomValue(endpointTestStateAtom);
  if (state === null) return null;
  return state.phase === 'testing' ? (
    <TestingProgress tests={state.tests} />
  ) : (
    <FailedTests failures={state.failures} decide={state.decide} />
  );
}

import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { adminMessages } from '@app/contracts';
import { Modal } from '../../ui/Modal';
import { missingEndpointsQuestionAtom } from './missing-endpoints-confirm';
import './missing-endpoints.css';

/** Save Changes' warning about available models without an endpoint, and its question. */
export function MissingEndpointsDialog() {
  const question = useAtomValue(missingEndpointsQuestionAtom);
  const questionId = useId();
  if (question === null) return null;
  const { warnings, decide } = question;
  return (
    <Modal
      label="Models without an endpoint"
      role="alertdialog"
      onDismiss={() => decide(false)}
      className="confirm missing-endpoints"
      describedBy={questionId}
    >
      <h2 className="confirm-title">Models without an endpoint</h2>
      <ul className="missing-endpoints-list">
        {warnings.map((warning, i) => (
          <li key={i}>{warning}</li>
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

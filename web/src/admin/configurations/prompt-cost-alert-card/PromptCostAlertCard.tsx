import { useId, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { limits } from '@app/contracts';
import { sections } from '../../../state/sections';
import { ConfigCard } from '../config-card/ConfigCard';
import {
  insertPlaceholder,
  placeholdersHint,
  placeholderTokens,
  previewAlert,
  setCostAlert,
} from './cost-alert';
import { CostInput } from './CostInput';

/** Prompt Cost Alert: active, the alert message (with its placeholders) and the cost threshold. */
export function PromptCostAlertCard() {
  const value = useAtomValue(sections.promtCostAlert.value);
  const edit = useSetAtom(sections.promtCostAlert.edit);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const messageId = useId();
  const hintId = useId();

  const insert = (token: string) => {
    const area = messageRef.current;
    const start = area?.selectionStart ?? value.alertMessage.length;
    const end = area?.selectionEnd ?? start;
    const next = insertPlaceholder(value.alertMessage, token, start, end);
    edit((v) => setCostAlert(v, 'alertMessage', next.message));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <ConfigCard section="promtCostAlert">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.isActive}
          onChange={(e) => edit((v) => setCostAlert(v, 'isActive', e.target.checked))}
        />
        Activate Prompt Cost Alert
      </label>
      <div className="field">
        <label htmlFor={messageId} className="field-label">
          Alert message
        </label>
        <textarea
          id={messageId}
          ref={messageRef}
          className="input"
          rows={3}
          placeholder="You have spent <totalCost> on your last <prompts> prompts."
          value={value.alertMessage}
          maxLength={limits.alertMessageLength}
          aria-describedby={hintId}
          onChange={(e) => edit((v) => setCostAlert(v, 'alertMessage', e.target.value))}
        />
        <div className="placeholder-row">
          <p id={hintId} className="field-hint">
            {placeholdersHint}
          </p>
          {placeholderTokens.map((token) => (
            <button
              key={token}
              type="button"
              className="btn btn-small btn-ghost placeholder-insert"
              aria-label={`Insert ${token}`}
              onClick={() => insert(token)}
            >
              + {token}
            </button>
          ))}
        </div>
        {value.alertMessage.trim() !== '' && (
          <p className="alert-preview">
            <span className="muted">Preview: </span>
            <span>{previewAlert(value.alertMessage)}</span>
          </p>
        )}
      </div>
      <CostInput cost={value.cost} onChange={(cost) => edit((v) => setCostAlert(v, 'cost', cost))} />
    </ConfigCard>
  );
}

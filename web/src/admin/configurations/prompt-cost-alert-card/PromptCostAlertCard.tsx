import { useId, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { limits } from '@app/contracts';
import { sections } from '../../../state/sections';
import { CheckField } from '../../../ui/CheckField';
import { FormField } from '../../../ui/FormField';
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
      <CheckField
        className="checkbox"
        label="Activate Prompt Cost Alert"
        checked={value.isActive}
        onChange={(on) => edit((v) => setCostAlert(v, 'isActive', on))}
      />
      <div className="field">
        <FormField label="Alert message" describedBy={hintId}>
          {(control) => (
            <textarea
              {...control}
              ref={messageRef}
              className="input"
              rows={3}
              placeholder="You have spent <totalCost> on your last <prompts> prompts."
              value={value.alertMessage}
              maxLength={limits.alertMessageLength}
              onChange={(e) => edit((v) => setCostAlert(v, 'alertMessage', e.target.value))}
            />
          )}
        </FormField>
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

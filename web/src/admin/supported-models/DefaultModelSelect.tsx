import { useId } from 'react';
import type { Model } from '@app/contracts';
import { optionLabel } from './option-labels';
import { modelText } from './text';

export interface DefaultModelSelectProps {
  label: string;
  required: boolean;
  /** The model id set, '' when unset. */
  value: string;
  options: readonly Model[];
  /** Why the model set cannot fill the slot, if it cannot. */
  problem: string | null;
  onChange: (id: string) => void;
}

/** One default model slot. */
export function DefaultModelSelect({
  label,
  required,
  value,
  options,
  problem,
  onChange,
}: DefaultModelSelectProps) {
  const id = useId();
  const problemId = useId();
  return (
    <div className="model-field">
      <label htmlFor={id} className="field-label">
        {label}
        {!required && <span className="muted field-optional"> (optional)</span>}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{options.length === 0 ? 'No model can fill this' : 'Select a model'}</option>
        {options.map((m) => (
          <option key={m.id} value={m.id}>
            {optionLabel(m, options)}
          </option>
        ))}
        {problem && <option value={value}>{`${value} (${modelText.notOffered})`}</option>}
      </select>
      {problem && (
        <p id={problemId} className="form-error">
          {problem}
        </p>
      )}
    </div>
  );
}

import { useId } from 'react';
import { modelNumberInputs } from '@app/contracts';
import type { NumberField } from '../model-draft';

export interface NumberInputProps {
  field: NumberField;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A numeric field with its minimum and step. */
export function NumberInput({ field, label, value, error, onChange }: NumberInputProps) {
  const id = useId();
  const errorId = useId();
  const { min, step } = modelNumberInputs[field];
  return (
    <div className="model-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

import { modelNumberInputs } from '@app/contracts';
import type { NumberField } from '../model-draft';
import { TextField } from '../../../ui/TextField';

export interface NumberInputProps {
  field: NumberField;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A numeric field with its minimum and step. */
export function NumberInput({ field, label, value, error, onChange }: NumberInputProps) {
  const { min, step } = modelNumberInputs[field];
  return (
    <TextField
      label={label}
      className="model-field"
      error={error}
      type="number"
      inputMode="decimal"
      min={min}
      step={step}
      value={value}
      onChange={onChange}
    />
  );
}

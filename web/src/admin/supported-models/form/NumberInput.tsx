import { modelNumberInputs } from '@app/contracts';
import { FormField } from '../../../ui/FormField';
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
  const { min, step } = modelNumberInputs[field];
  return (
    <FormField label={label} className="model-field" error={error}>
      {(field) => (
        <input
          {...field}
          className="input"
          type="number"
          inputMode="decimal"
          min={min}
          step={step}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

import type { Model } from '@app/contracts';
import { FormField } from '../../ui/FormField';
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
  return (
    <FormField label={label} className="model-field" optional={!required} error={problem}>
      {(field) => (
        <select {...field} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{options.length === 0 ? 'No model can fill this' : 'Select a model'}</option>
          {options.map((m) => (
            <option key={m.id} value={m.id}>
              {optionLabel(m, options)}
            </option>
          ))}
          {problem && <option value={value}>{`${value} (${modelText.notOffered})`}</option>}
        </select>
      )}
    </FormField>
  );
}

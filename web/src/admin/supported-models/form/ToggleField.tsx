import { FormField } from '../../../ui/FormField';

export interface ToggleFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** One of the model's on/off properties, as a switch. */
export function ToggleField({ label, checked, onChange }: ToggleFieldProps) {
  return (
    <FormField layout="check" className="checkbox model-toggle" label={label}>
      {(field) => (
        <input
          {...field}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
      )}
    </FormField>
  );
}

import { CheckField } from '../../../ui/CheckField';

export interface ToggleFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** One of the model's on/off properties, as a switch. */
export function ToggleField({ label, checked, onChange }: ToggleFieldProps) {
  return (
    <CheckField
      isSwitch
      className="checkbox model-toggle"
      label={label}
      checked={checked}
      onChange={onChange}
    />
  );
}

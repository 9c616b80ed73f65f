export interface ToggleFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** One of the model's on/off properties, as a switch. */
export function ToggleField({ label, checked, onChange }: ToggleFieldProps) {
  return (
    <label className="checkbox model-toggle">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

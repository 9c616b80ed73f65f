import { useId } from 'react';
import { modelProviders } from '@app/contracts';

/** The provider, from the shared provider list; a saved provider outside it stays selectable. */
export function ProviderSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const known: readonly string[] = modelProviders;
  const options = value === '' || known.includes(value) ? known : [...known, value];
  return (
    <div className="model-field">
      <label htmlFor={id} className="field-label">
        Provider
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Select a provider</option>
        {options.map((provider) => (
          <option key={provider} value={provider}>
            {provider}
          </option>
        ))}
      </select>
    </div>
  );
}

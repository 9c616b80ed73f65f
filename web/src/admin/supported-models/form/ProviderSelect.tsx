import { modelProviders } from '@app/contracts';
import { FormField } from '../../../ui/FormField';

/** The provider, from the shared provider list; a saved provider outside it stays selectable. */
export function ProviderSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const known: readonly string[] = modelProviders;
  const options = value === '' || known.includes(value) ? known : [...known, value];
  return (
    <FormField label="Provider" className="model-field">
      {(field) => (
        <select {...field} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Select a provider</option>
          {options.map((provider) => (
            <option key={provider} value={provider}>
              {provider}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

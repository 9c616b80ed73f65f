import { modelProviders } from '@app/contracts';
import { SelectField } from '../../../ui/SelectField';

/** The provider, from the shared provider list; a saved provider outside it stays selectable. */
export function ProviderSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const known: readonly string[] = modelProviders;
  const options = value === '' || known.includes(value) ? known : [...known, value];
  return (
    <SelectField
      label="Provider"
      className="model-field"
      emptyOption="Select a provider"
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}

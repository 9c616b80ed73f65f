import { modelProviders, openAiCompatibleProviderHint } from '@app/contracts';
import { SelectField } from '../../../ui/SelectField';

const openAiCompatible = 'OpenAI-compatible';

/** What an option says: the OpenAI-compatible one names the servers it stands for. */
const providerLabel = (provider: string): string =>
  provider === openAiCompatible ? `${openAiCompatible} (vLLM, Ollama, llama.cpp, LM Studio…)` : provider;

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
      optionLabel={providerLabel}
      {...(value === openAiCompatible ? { hint: openAiCompatibleProviderHint } : {})}
      onChange={onChange}
    />
  );
}

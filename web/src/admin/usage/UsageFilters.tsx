import { useAtomValue } from 'jotai';
import { sections } from '../../state/sections';
import { SelectField } from '../../ui/SelectField';

export interface UsageFilterValues {
  group: string;
  model: string;
}

/** The admin's filters: one Amplify group, one model (their names from the configuration). */
export function UsageFilters({
  value,
  onChange,
}: {
  value: UsageFilterValues;
  onChange: (next: UsageFilterValues) => void;
}) {
  const groups = Object.keys(useAtomValue(sections.amplifyGroups.value)).sort();
  const models = useAtomValue(sections.supportedModels.value);
  const modelIds = Object.keys(models).sort();
  return (
    <>
      <SelectField
        className="usage-field"
        label="Amplify group"
        value={value.group}
        emptyOption="All groups"
        options={groups}
        onChange={(group) => onChange({ ...value, group })}
      />
      <SelectField
        className="usage-field"
        label="Model"
        value={value.model}
        emptyOption="All models"
        options={modelIds}
        optionLabel={(id) => models[id]?.name ?? id}
        onChange={(model) => onChange({ ...value, model })}
      />
    </>
  );
}

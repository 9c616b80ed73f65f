import { useAtomValue, useSetAtom } from 'jotai';
import { limits, toFeatureFlagName } from '@app/contracts';
import { sections } from '../../state/sections';
import { InlineAddForm } from '../../ui/inline-add-form/InlineAddForm';
import { addFlag, checkNewFlag } from './flag-edits';

/** The name as it will be added, when it differs from what was typed. */
const convertedHint = (typed: string): string | null => {
  const converted = toFeatureFlagName(typed);
  return converted !== '' && converted !== typed.trim() ? `Will be added as ${converted}` : null;
};

/** Add a feature: name required, spaces become camelCase, unique. */
export function AddFeatureForm() {
  const flags = useAtomValue(sections.featureFlags.value);
  const edit = useSetAtom(sections.featureFlags.edit);
  return (
    <InlineAddForm
      className="add-feature"
      name={{ label: 'Feature name', maxLength: limits.nameLength, placeholder: 'e.g. dark mode' }}
      submitLabel="Add Feature"
      primary
      check={(name) => checkNewFlag(name, flags)}
      onAdd={(name) => edit((current) => addFlag(current, name))}
      hint={convertedHint}
    />
  );
}

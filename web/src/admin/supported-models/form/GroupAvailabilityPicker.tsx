import { useAtomValue } from 'jotai';
import { sections } from '../../../state/sections';
import { CheckField } from '../../../ui/CheckField';
import { modelText } from '../text';

export interface GroupAvailabilityPickerProps {
  value: readonly string[];
  onChange: (groups: string[]) => void;
}

/** The Amplify groups the model is limited to, picked among the loaded groups. */
export function GroupAvailabilityPicker({ value, onChange }: GroupAvailabilityPickerProps) {
  const groups = useAtomValue(sections.amplifyGroups.value);
  // A group that no longer exists stays listed while the model names it, so it can be unticked.
  const names = [...new Set([...Object.keys(groups), ...value])].sort((a, b) => a.localeCompare(b));
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...value, name] : value.filter((g) => g !== name));

  return (
    <fieldset className="model-groups-field">
      <legend className="field-label">Available to User via Amplify Group Membership</legend>
      {names.length === 0 ? (
        <p className="field-hint">{modelText.noGroups}</p>
      ) : (
        <>
          <div className="model-group-options">
            {names.map((name) => (
              <CheckField
                key={name}
                className="checkbox"
                label={name}
                checked={value.includes(name)}
                onChange={(checked) => toggle(name, checked)}
              />
            ))}
          </div>
          <p className="field-hint">{modelText.groupsHint}</p>
        </>
      )}
    </fieldset>
  );
}

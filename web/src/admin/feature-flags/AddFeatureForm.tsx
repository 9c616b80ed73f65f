import { useId, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { limits, toFeatureFlagName } from '@app/contracts';
import { sections } from '../../state/sections';
import { addFlag, checkNewFlag } from './flag-edits';

/** Add a feature: name required, spaces become camelCase, unique. */
export function AddFeatureForm() {
  const flags = useAtomValue(sections.featureFlags.value);
  const edit = useSetAtom(sections.featureFlags.edit);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const converted = toFeatureFlagName(name);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkNewFlag(name, flags);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    edit((current) => addFlag(current, check.name));
    setName('');
    setError(null);
  };

  return (
    <form className="add-feature" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="field-label">
        Feature name
      </label>
      <div className="inline-field">
        <input
          id={inputId}
          className="input"
          type="text"
          value={name}
          maxLength={limits.nameLength}
          autoComplete="off"
          placeholder="e.g. dark mode"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn btn-primary">
          Add Feature
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      ) : (
        converted !== '' &&
        converted !== name.trim() && <p className="field-hint">Will be added as {converted}</p>
      )}
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { maxVariableNameLength, maxVariableValueLength, type NamedValuesSection } from '@app/contracts';
import { checkNewName } from './named-value-edits';

export interface AddNamedValueFormProps {
  /** The section's label, e.g. 'Application Secrets'. */
  section: string;
  /** 'secret' or 'variable', for the field labels. */
  noun: string;
  values: NamedValuesSection;
  onAdd: (name: string, value: string) => void;
}

/** Adds a name and its value (obscured while typed) to the section. */
export function AddNamedValueForm({ section, noun, values, onAdd }: AddNamedValueFormProps) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const valueId = useId();
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkNewName(values, name, section);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    onAdd(check.name, value);
    setName('');
    setValue('');
    setError(null);
  };

  return (
    <form className="named-value-add" aria-label={`Add to ${section}`} onSubmit={submit} noValidate>
      <div className="named-value-add-fields">
        <div>
          <label htmlFor={nameId} className="field-label">
            New {noun} name
          </label>
          <input
            id={nameId}
            className="input named-value-name-input"
            value={name}
            maxLength={maxVariableNameLength}
            autoComplete="off"
            spellCheck={false}
            placeholder="NAME"
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </div>
        <div>
          <label htmlFor={valueId} className="field-label">
            New {noun} value
          </label>
          <input
            id={valueId}
            className="input secret-input-field"
            type="password"
            value={value}
            maxLength={maxVariableValueLength}
            autoComplete="new-password"
            spellCheck={false}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <button type="submit" className="btn">
          Add {noun}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}

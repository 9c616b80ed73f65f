import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../FormField';
import './inline-add-form.css';

/** The instant check of a new name: the name to add (trimmed, converted), or why not. */
export type AddCheck = { ok: true; name: string } | { ok: false; message: string };

export interface AddField {
  label: string;
  maxLength: number;
  placeholder?: string;
  /** The input's own class (e.g. a monospace name). */
  className?: string;
  /** false for names that are not words (variable names). */
  spellCheck?: boolean;
}

export interface InlineAddFormProps {
  /** The form's accessible name, when its field's label does not say it. */
  label?: string;
  className: string;
  name: AddField;
  /** A second field, obscured while typed (a secret's value), added with the name. */
  value?: AddField;
  submitLabel: string;
  /** The primary button (adding is the card's main action); a plain one otherwise. */
  primary?: boolean;
  check: (name: string) => AddCheck;
  onAdd: (name: string, value: string) => void;
  /** Said under the field while nothing is wrong (e.g. the name as it will be added). */
  hint?: (name: string) => string | null;
}

/**
 * A name (and maybe an obscured value) with its Add button: the check runs on submit, its message
 * shows at once under the field (and clears as the user types); an accepted name is added and the
 * fields are emptied.
 */
export function InlineAddForm(props: InlineAddFormProps) {
  const { name: nameField, value: valueField, check, onAdd, hint } = props;
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const hintText = error === null && hint ? hint(name) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = check(name);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onAdd(result.name, value);
    setName('');
    setValue('');
    setError(null);
  };

  return (
    <form className={`inline-add ${props.className}`} aria-label={props.label} onSubmit={submit} noValidate>
      <div className={valueField ? 'inline-add-fields has-value' : 'inline-add-fields'}>
        <FormField
          label={nameField.label}
          className="inline-add-field"
          invalid={error !== null}
          describedBy={error ? errorId : undefined}
        >
          {(field) => (
            <input
              {...field}
              className={nameField.className ? `input ${nameField.className}` : 'input'}
              type="text"
              value={name}
              maxLength={nameField.maxLength}
              autoComplete="off"
              spellCheck={nameField.spellCheck}
              placeholder={nameField.placeholder}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
            />
          )}
        </FormField>
        {valueField && (
          <FormField label={valueField.label} className="inline-add-field">
            {(field) => (
              <input
                {...field}
                className={valueField.className ? `input ${valueField.className}` : 'input'}
                type="password"
                value={value}
                maxLength={valueField.maxLength}
                autoComplete="new-password"
                spellCheck={false}
                placeholder={valueField.placeholder}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
          </FormField>
        )}
        <button type="submit" className={props.primary ? 'btn btn-primary' : 'btn'}>
          {props.submitLabel}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      ) : (
        hintText && <p className="field-hint">{hintText}</p>
      )}
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { limits } from '@app/contracts';
import { sections } from '../../../state/sections';
import { sessionAtom } from '../../../state/session';
import { addGroup, checkNewGroup } from './group-edits';

/** Create a group: the name is required and unique (the spec's messages, at once). */
export function CreateGroupForm() {
  const groups = useAtomValue(sections.amplifyGroups.value);
  const session = useAtomValue(sessionAtom);
  const edit = useSetAtom(sections.amplifyGroups.edit);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkNewGroup(name, groups);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    edit((current) => addGroup(current, check.name, session?.email ?? ''));
    setName('');
    setError(null);
  };

  return (
    <form className="create-group" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="field-label">
        Group name
      </label>
      <div className="inline-field">
        <input
          id={inputId}
          className="input"
          type="text"
          value={name}
          maxLength={limits.nameLength}
          autoComplete="off"
          placeholder="e.g. Research Team"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn btn-primary">
          Create Group
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

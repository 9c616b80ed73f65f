import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormField } from '../../../ui/FormField';
import { fileNameProblem } from './code-files';

export interface FileNameFormProps {
  defaultName: string;
  onSave: (fileName: string) => void;
  onCancel: () => void;
}

/** The download's file name, asked inline (never window.prompt): Save, Cancel or Escape. */
export function FileNameForm({ defaultName, onSave, onCancel }: FileNameFormProps) {
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Focused with the name before its extension selected, ready to be typed over.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    const dot = el.value.lastIndexOf('.');
    el.setSelectionRange(0, dot > 0 ? dot : el.value.length);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fileNameProblem(name);
    if (found) {
      setProblem(found);
      return;
    }
    onSave(name.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onCancel();
  };

  return (
    <form
      className="file-name-form"
      aria-label="Download code"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <FormField label="File name" error={problem}>
        {(field) => (
          <div className="file-name-row">
            <input
              {...field}
              className="input"
              value={name}
              ref={input}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setName(e.target.value);
                setProblem(null);
              }}
            />
            <button type="submit" className="btn btn-small btn-primary">
              Download
            </button>
            <button type="button" className="btn btn-small" onClick={onCancel}>
              Cancel
            </button>
          </div>
        )}
      </FormField>
    </form>
  );
}

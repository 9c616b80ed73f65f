import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { FormField } from '../FormField';
import { uiText } from '../strings';
import type { ParsedEntries } from './entries';

export interface EntryPickerProps {
  label: string;
  placeholder?: string;
  hint?: string;
  existing: readonly string[];
  parse: (raw: string, existing: readonly string[]) => ParsedEntries;
  onAdd: (entries: string[]) => void;
}

const separators = /[,;\r\n]/;

/**
 * Type or paste entries (split on comma, semicolon and newline); Enter or leaving the field adds
 * them. What is invalid or a duplicate stays in the field with a tooltip.
 */
export function EntryPicker({ label, placeholder, hint, existing, parse, onAdd }: EntryPickerProps) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const tipId = useId();

  const commit = (raw: string) => {
    if (raw.trim() === '') {
      setText('');
      setInvalid(false);
      return;
    }
    const { accepted, rejected } = parse(raw, existing);
    if (accepted.length > 0) onAdd(accepted);
    setText(rejected.join(', '));
    setInvalid(rejected.length > 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(text);
    }
  };

  // A single-line field drops newlines: a multi-line paste is split here instead.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!separators.test(pasted)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? text.length;
    const end = input.selectionEnd ?? text.length;
    commit(`${text.slice(0, start)}${pasted}${text.slice(end)}`);
  };

  return (
    <FormField
      label={label}
      className="entry-picker"
      hint={hint}
      invalid={invalid}
      describedBy={invalid ? tipId : undefined}
    >
      {(field) => (
        <div className="entry-picker-field">
          <input
            {...field}
            type="text"
            className="input"
            value={text}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value);
              setInvalid(false);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => commit(text)}
          />
          {invalid && (
            <span id={tipId} role="tooltip" className="entry-tooltip">
              {uiText.invalidEntry}
            </span>
          )}
        </div>
      )}
    </FormField>
  );
}

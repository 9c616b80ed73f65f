import { useId } from 'react';
import { assistantPathMessages } from '@app/contracts';
import { FormField } from '../../ui/FormField';
import { normalisePathInput, type PathCheckState } from './path-check';

export interface PathFieldProps {
  path: string;
  state: PathCheckState;
  onChange: (path: string) => void;
}

const stateText = (state: PathCheckState): string =>
  state.kind === 'checking' ? 'Checking path…' : state.message;

/**
 * The path editor: typed in lower case after `/assistants/`, the help text (3-100 characters)
 * always shown, and the check's state under it (the 20-character rule's message once it is exceeded).
 */
export function PathField({ path, state, onChange }: PathFieldProps) {
  const stateId = useId();
  return (
    <div className="assistant-path-field">
      <FormField
        label="Path"
        hint={assistantPathMessages.helpText}
        invalid={state.kind === 'invalid'}
        describedBy={stateId}
      >
        {(field) => (
          <div className="assistant-path-input">
            <span className="muted" aria-hidden="true">
              {window.location.origin}/assistants/
            </span>
            <input
              {...field}
              className="input"
              type="text"
              value={path}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              onChange={(e) => onChange(normalisePathInput(e.target.value))}
              data-autofocus
            />
          </div>
        )}
      </FormField>
      <p id={stateId} role="status" className="assistant-path-state" data-state={state.kind}>
        {stateText(state)}
      </p>
    </div>
  );
}

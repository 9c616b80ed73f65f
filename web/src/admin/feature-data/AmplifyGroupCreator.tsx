import { useState } from 'react';
import { builtInAssistants } from '@app/contracts';
import { CheckField } from '../../ui/CheckField';

export interface AmplifyGroupCreatorProps {
  exists: boolean;
  busy: boolean;
  /** Creates the group from the built-ins ticked; answers the message to show under the list, if any. */
  onCreate: (selected: ReadonlySet<string>) => Promise<string | null>;
}

/**
 * The Amplify Assistants group: a green dot once it exists; until then the built-in assistants with
 * checkboxes and 'Create Amplify Assistants group' (at least one must be ticked: the contracts' message).
 */
export function AmplifyGroupCreator({ exists, busy, onCreate }: AmplifyGroupCreatorProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);

  if (exists)
    return (
      <p className="amplify-group-status">
        <span className="green-dot" role="img" aria-label="Amplify Assistants group exists" /> Amplify
        Assistants group created
      </p>
    );

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <fieldset className="amplify-group-creator">
      <legend>Amplify Assistants</legend>
      {builtInAssistants.map((a) => (
        <CheckField
          key={a.assistantId}
          className="checkbox-label"
          label={a.name}
          checked={selected.has(a.assistantId)}
          onChange={() => toggle(a.assistantId)}
        />
      ))}
      {message && (
        <span role="alert" className="field-error">
          {message}
        </span>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => {
          setMessage(null);
          void onCreate(selected).then(setMessage);
        }}
      >
        Create Amplify Assistants group
      </button>
    </fieldset>
  );
}

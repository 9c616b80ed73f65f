import { SecretInput } from '../../ui/secret-input/SecretInput';
import type { EntryState } from './named-value-edits';
import { RowAction } from '../../ui/table/RowAction';

export interface NamedValueRowProps {
  name: string;
  value: string;
  state: EntryState;
  onChange: (text: string) => void;
  onReveal: () => Promise<string>;
  onRemove: () => void;
}

const badges: Record<EntryState, string | null> = { saved: null, changed: 'Changed', added: 'Unsaved' };

/** One entry: its name, its obscured value with Reveal, and Remove. */
export function NamedValueRow({ name, value, state, onChange, onReveal, onRemove }: NamedValueRowProps) {
  const badge = badges[state];
  return (
    <li className="named-value-row">
      <span className="named-value-key">
        <span className="named-value-name" title={name}>
          {name}
        </span>
        {badge && <span className="badge badge-new">{badge}</span>}
      </span>
      <SecretInput label={`Value of ${name}`} value={value} onChange={onChange} onReveal={onReveal} />
      <RowAction
        action="Remove"
        name={name}
        className="btn btn-icon btn-small"
        title="Remove"
        onClick={onRemove}
      >
        ×
      </RowAction>
    </li>
  );
}

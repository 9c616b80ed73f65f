import { useEffect, useRef } from 'react';
import { adminMessages } from '@app/contracts';
import { FormField } from '../../../ui/FormField';
import { CheckField } from '../../../ui/CheckField';

export interface AdminsListProps {
  admins: readonly string[];
  /** Emails not saved yet, marked as new. */
  added: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  onToggle: (email: string) => void;
  onToggleAll: (all: boolean) => void;
  onRemove: (emails: ReadonlySet<string>) => void;
}

/** The admin emails with one-by-one removal and a select-all for several at once. */
export function AdminsList({ admins, added, selected, onToggle, onToggleAll, onRemove }: AdminsListProps) {
  const selectAll = useRef<HTMLInputElement>(null);
  const count = admins.filter((a) => selected.has(a)).length;
  const all = admins.length > 0 && count === admins.length;

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  if (admins.length === 0) return <p className="empty">{adminMessages.noAdmins}</p>;

  return (
    <div className="admins-list">
      <div className="list-toolbar">
        <FormField layout="check" className="checkbox" label="Select all">
          {(field) => (
            <input
              {...field}
              ref={selectAll}
              type="checkbox"
              checked={all}
              onChange={(e) => onToggleAll(e.target.checked)}
            />
          )}
        </FormField>
        <button
          type="button"
          className="btn btn-small btn-danger-ghost"
          disabled={count === 0}
          onClick={() => onRemove(selected)}
        >
          Remove selected{count > 0 ? ` (${count})` : ''}
        </button>
      </div>
      <ul className="email-list" aria-label="Admins">
        {admins.map((email) => (
          <li key={email} className="email-row">
            <CheckField
              className="checkbox email-row-label"
              label={<span className="email-text">{email}</span>}
              checked={selected.has(email)}
              onChange={() => onToggle(email)}
            />
            {added.has(email) && <span className="badge badge-new">Unsaved</span>}
            <button
              type="button"
              className="btn btn-icon btn-small"
              aria-label={`Remove ${email}`}
              title="Remove"
              onClick={() => onRemove(new Set([email]))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

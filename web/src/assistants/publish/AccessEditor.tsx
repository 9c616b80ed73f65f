import { CheckField } from '../../ui/CheckField';
import { EntryPicker } from '../../ui/entry-picker/EntryPicker';
import { parseEmailEntries } from '../../ui/entry-picker/entries';
import { addUsers, removeUser, toggleGroup, userSuggestions, type PublishDraft } from './publish-draft';
import { RowAction } from '../../ui/table/RowAction';

export interface AccessEditorProps {
  draft: PublishDraft;
  onChange: (draft: PublishDraft) => void;
  /** The Amplify groups to choose from. */
  groups: readonly string[];
  /** Addresses to suggest (the current user is left out). */
  knownEmails: readonly string[];
  me: string;
  /** A group assistant is never published to all users. */
  isGroupAssistant: boolean;
}

/** Public to all users, or restricted to Amplify groups and users. */
export function AccessEditor({
  draft,
  onChange,
  groups,
  knownEmails,
  me,
  isGroupAssistant,
}: AccessEditorProps) {
  const suggestions = userSuggestions('', knownEmails, me, draft.users);
  return (
    <div className="assistant-access">
      <fieldset className="assistant-access-mode">
        <legend className="field-label">Access</legend>
        {!isGroupAssistant && (
          <CheckField
            label="Publish to all users"
            type="radio"
            name="assistant-access"
            checked={draft.isPublic}
            onChange={() => onChange({ ...draft, isPublic: true })}
          />
        )}
        <CheckField
          label="Restrict to Amplify groups and users"
          type="radio"
          name="assistant-access"
          checked={!draft.isPublic}
          onChange={() => onChange({ ...draft, isPublic: false })}
        />
      </fieldset>
      {!draft.isPublic && (
        <>
          <fieldset className="assistant-access-groups">
            <legend className="field-label">Amplify groups</legend>
            {groups.length === 0 && <p className="muted">No Amplify groups.</p>}
            {groups.map((group) => (
              <CheckField
                key={group}
                className="assistant-access-group"
                label={group}
                checked={draft.amplifyGroups.includes(group)}
                onChange={() => onChange(toggleGroup(draft, group))}
              />
            ))}
          </fieldset>
          <EntryPicker
            label="Users"
            placeholder="Emails, separated by commas"
            existing={[...draft.users, me]}
            parse={parseEmailEntries}
            onAdd={(emails) => onChange(addUsers(draft, emails))}
          />
          {suggestions.length > 0 && (
            <ul className="assistant-suggestions" aria-label="Suggested users">
              {suggestions.map((email) => (
                <li key={email}>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => onChange(addUsers(draft, [email]))}
                  >
                    {email}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {draft.users.length > 0 && (
            <ul className="chips assistant-users" aria-label="Users with access">
              {draft.users.map((email) => (
                <li key={email} className="chip">
                  {email}{' '}
                  <RowAction
                    action="Remove"
                    name={email}
                    className="btn btn-ghost btn-small"
                    onClick={() => onChange(removeUser(draft, email))}
                  >
                    ×
                  </RowAction>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

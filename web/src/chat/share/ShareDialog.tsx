import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { shareMessages, type ShareSummary } from '@app/contracts';
import { listAmplifyGroupNames } from '../../api/assistants';
import { errorText } from '../../api/http';
import { createShare, fetchShares, revokeShare } from '../../api/shares';
import { pushToastAtom } from '../../state/toasts';
import { CheckField } from '../../ui/CheckField';
import { Modal } from '../../ui/Modal';
import { EntryPicker } from '../../ui/entry-picker/EntryPicker';
import { parseEmailEntries } from '../../ui/entry-picker/entries';
import { RowAction } from '../../ui/table/RowAction';
import { TextField } from '../../ui/TextField';
import { useCopy } from '../../ui/use-copied';
import { audienceOf } from './share-copy';
import './share.css';

export interface ShareDialogProps {
  conversationId: string;
  name: string;
  onClose: () => void;
}

const absolute = (url: string): string => new URL(url, window.location.origin).toString();

/**
 * Share a cloud conversation: with everyone signed in, or with people (emails) and Amplify groups;
 * Create link makes a snapshot of the conversation as it is shown now and shows its link to copy.
 * The conversation's links are listed with how often each was read, each with Revoke.
 */
export function ShareDialog({ conversationId, name, onClose }: ShareDialogProps) {
  const toast = useSetAtom(pushToastAtom);
  const [isPublic, setIsPublic] = useState(false);
  const [users, setUsers] = useState<string[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const [knownGroups, setKnownGroups] = useState<string[]>([]);
  const [shares, setShares] = useState<ShareSummary[] | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { state: copyState, copy } = useCopy(link ?? '');

  const reload = useCallback(
    (waitFor?: string) =>
      fetchShares(conversationId, waitFor).then(setShares, (e: unknown) => setError(errorText(e))),
    [conversationId],
  );

  useEffect(() => {
    void reload();
    let gone = false;
    listAmplifyGroupNames().then(
      (names) => {
        if (!gone) setKnownGroups(names);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [reload]);

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const made = await createShare(conversationId, {
        isPublic,
        accessTo: isPublic ? { users: [], amplifyGroups: [] } : { users, amplifyGroups: groups },
      });
      setLink(absolute(made.url));
      toast({ tone: 'success', message: shareMessages.created });
      await reload(made.position);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const onRevoke = async (share: ShareSummary) => {
    setError(null);
    try {
      const position = await revokeShare(share.shareId);
      if (link === absolute(share.url)) setLink(null);
      toast({ tone: 'success', message: shareMessages.revoked });
      await reload(position);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const toggleGroup = (group: string) =>
    setGroups((g) => (g.includes(group) ? g.filter((x) => x !== group) : [...g, group]));

  return (
    <Modal label={`Share ${name}`} onDismiss={onClose} className="share-dialog">
      <h2 className="modal-title">Share “{name}”</h2>
      <p className="muted">
        A read-only copy of the conversation as it is shown now. Attached documents are listed by name only.
      </p>
      <form onSubmit={(e) => void onCreate(e)}>
        <fieldset>
          <legend className="field-label">Who can open the link</legend>
          <CheckField
            label="Everyone signed in"
            type="radio"
            name="share-audience"
            checked={isPublic}
            onChange={() => setIsPublic(true)}
          />
          <CheckField
            label="Specific people and groups"
            type="radio"
            name="share-audience"
            checked={!isPublic}
            onChange={() => setIsPublic(false)}
          />
        </fieldset>
        {!isPublic && (
          <>
            <EntryPicker
              label="People"
              placeholder="Emails, separated by commas"
              existing={users}
              parse={parseEmailEntries}
              onAdd={(emails) => setUsers((u) => [...u, ...emails])}
            />
            {users.length > 0 && (
              <ul className="chips" aria-label="People with access">
                {users.map((email) => (
                  <li key={email} className="chip">
                    {email}{' '}
                    <RowAction
                      action="Remove"
                      name={email}
                      className="btn btn-ghost btn-small"
                      onClick={() => setUsers((u) => u.filter((x) => x !== email))}
                    >
                      ×
                    </RowAction>
                  </li>
                ))}
              </ul>
            )}
            {knownGroups.length > 0 && (
              <fieldset>
                <legend className="field-label">Amplify groups</legend>
                {knownGroups.map((group) => (
                  <CheckField
                    key={group}
                    label={group}
                    checked={groups.includes(group)}
                    onChange={() => toggleGroup(group)}
                  />
                ))}
              </fieldset>
            )}
          </>
        )}
        {error !== null && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || (!isPublic && users.length === 0 && groups.length === 0)}
          >
            Create link
          </button>
        </div>
      </form>
      {link !== null && (
        <div className="share-link">
          <TextField label="Link" value={link} onChange={() => undefined} readOnly />
          <button type="button" className="btn" onClick={copy}>
            {copyState === 'copied' ? 'Copied!' : copyState === 'failed' ? 'Copy failed' : 'Copy link'}
          </button>
        </div>
      )}
      <h3>Links of this conversation</h3>
      {shares === null ? (
        <p className="muted">Loading…</p>
      ) : shares.length === 0 ? (
        <p className="muted">No links yet.</p>
      ) : (
        <ul className="share-list" aria-label="Links of this conversation">
          {shares.map((share) => (
            <ShareRow key={share.shareId} share={share} onRevoke={() => void onRevoke(share)} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** One link of the conversation: who may open it, how often it was read, Copy link and Revoke. */
function ShareRow({ share, onRevoke }: { share: ShareSummary; onRevoke: () => void }) {
  const audience = audienceOf(share);
  const { state, copy } = useCopy(absolute(share.url));
  return (
    <li>
      <span className="share-list-who">
        {audience} ·{' '}
        <span className="share-views">
          {share.viewCount === 1 ? 'Viewed 1 time' : `Viewed ${share.viewCount} times`}
        </span>
      </span>
      <span className="share-list-actions">
        <RowAction action="Copy link" name={`for ${audience}`} className="btn btn-small" onClick={copy}>
          {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy link'}
        </RowAction>
        <RowAction
          action="Revoke"
          name={`the link for ${audience}`}
          className="btn btn-small btn-danger-ghost"
          onClick={onRevoke}
        />
      </span>
    </li>
  );
}

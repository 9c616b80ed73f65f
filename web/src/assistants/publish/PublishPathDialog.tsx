import { useEffect, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import type { AssistantDefinition } from '@app/contracts';
import { listAmplifyGroupNames, publishAssistantPath } from '../../api/assistants';
import { errorText } from '../../api/http';
import { pushToastAtom } from '../../state/toasts';
import { Modal } from '../../ui/Modal';
import { AccessEditor } from './AccessEditor';
import { publishablePath } from './path-check';
import { PathField } from './PathField';
import { initialPublishDraft, pathDataOf, type PublishDraft } from './publish-draft';
import { pathVerdicts, usePathCheck } from './use-path-check';
import { FormActions } from '../../ui/DialogActions';

export interface PublishPathDialogProps {
  assistant: AssistantDefinition;
  me: string;
  knownEmails: readonly string[];
  /** Shown without editing: the path and Public Access or Restricted Access. */
  readOnly: boolean;
  onPublished: () => void;
  onClose: () => void;
}

const publishedOf = (a: AssistantDefinition) =>
  a.publication
    ? {
        astPath: a.publication.astPath,
        data: { isPublic: a.publication.isPublic, accessTo: a.publication.accessTo },
      }
    : null;

/** The Publish Assistant Path form. */
export function PublishPathDialog(props: PublishPathDialogProps) {
  const { assistant, readOnly, onClose } = props;
  return (
    <Modal label="Publish Assistant Path" onDismiss={onClose} className="assistant-dialog">
      <h2 className="modal-title">Publish Assistant Path</h2>
      <p className="muted">{assistant.name}</p>
      {readOnly ? <ReadOnlyPath assistant={assistant} onClose={onClose} /> : <PublishForm {...props} />}
    </Modal>
  );
}

function ReadOnlyPath({ assistant, onClose }: { assistant: AssistantDefinition; onClose: () => void }) {
  const publication = assistant.publication;
  return (
    <>
      <p className="assistant-path-readonly">
        {publication ? `/assistants/${publication.astPath}` : 'Not published'}
      </p>
      {publication && <p className="chip">{publication.isPublic ? 'Public Access' : 'Restricted Access'}</p>}
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </>
  );
}

function PublishForm({ assistant, me, knownEmails, onPublished, onClose }: PublishPathDialogProps) {
  const toast = useSetAtom(pushToastAtom);
  const isGroupAssistant = assistant.groupId !== null;
  const [draft, setDraft] = useState<PublishDraft>(() =>
    initialPublishDraft(publishedOf(assistant), isGroupAssistant),
  );
  const [groups, setGroups] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currentPath = assistant.publication?.astPath ?? null;
  const state = usePathCheck(draft.path, assistant.assistantId, currentPath);
  const path = publishablePath(state);

  useEffect(() => {
    let gone = false;
    listAmplifyGroupNames().then(
      (names) => {
        if (!gone) setGroups(names);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (path === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await publishAssistantPath(
        { assistantId: assistant.assistantId, astPath: path, ...pathDataOf(draft) },
        assistant.groupId,
      );
      pathVerdicts.forget(path);
      if (currentPath !== null) pathVerdicts.forget(currentPath);
      toast({ tone: 'success', message: answer.message });
      onPublished();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label="Publish Assistant Path">
      <PathField path={draft.path} state={state} onChange={(p) => setDraft({ ...draft, path: p })} />
      <AccessEditor
        draft={draft}
        onChange={setDraft}
        groups={groups}
        knownEmails={knownEmails}
        me={me}
        isGroupAssistant={isGroupAssistant}
      />
      {error !== null && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <FormActions submit="Publish" onCancel={onClose} disabled={path === null || busy} />
    </form>
  );
}

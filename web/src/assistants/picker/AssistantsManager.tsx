import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { standardConversation, type AssistantDefinition } from '@app/contracts';
import { deleteAssistant } from '../../api/assistants';
import { errorText } from '../../api/http';
import { pushToastAtom } from '../../state/toasts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { AssistantDialog } from '../editor/AssistantDialog';
import { draftOfAssistant, emptyAssistantDraft } from '../editor/assistant-draft';
import { PublishPathDialog } from '../publish/PublishPathDialog';
import { OpsChecklist } from '../tools/OpsChecklist';
import { McpServersChecklist } from '../tools/McpServersChecklist';
import {
  assistantsAtom,
  assistantsErrorAtom,
  chosenAssistantAtom,
  loadAssistantsAtom,
  openedAssistantAtom,
} from '../state/assistants';
import { usePublishingFlag } from '../state/publishing-flag';
import { knownEmailsOf, ownAssistants, sharedPublished } from './picker-options';
import { CloseActions } from '../../ui/DialogActions';

type Open =
  | { kind: 'list' }
  | { kind: 'edit'; assistant: AssistantDefinition | null }
  | { kind: 'publish'; assistant: AssistantDefinition; readOnly: boolean }
  | { kind: 'delete'; assistant: AssistantDefinition };

/** The user's assistants: create, edit, publish at a path (when the flag is on), delete. */
export function AssistantsManager({ me, onClose }: { me: string; onClose: () => void }) {
  const assistants = useAtomValue(assistantsAtom);
  const error = useAtomValue(assistantsErrorAtom);
  const reload = useSetAtom(loadAssistantsAtom);
  const chosen = useAtomValue(chosenAssistantAtom);
  const choose = useSetAtom(chosenAssistantAtom);
  const toast = useSetAtom(pushToastAtom);
  const publishing = usePublishingFlag();
  const [open, setOpen] = useState<Open>({ kind: 'list' });
  const own = ownAssistants(assistants ?? [], me);
  const opened = useAtomValue(openedAssistantAtom);
  const shared = sharedPublished(opened ? [...(assistants ?? []), opened] : (assistants ?? []), me);
  const back = () => setOpen({ kind: 'list' });

  const remove = async (assistant: AssistantDefinition) => {
    back();
    try {
      const answer = await deleteAssistant(assistant.assistantId);
      toast({ tone: 'success', message: answer.message });
      if (chosen === assistant.assistantId) choose(standardConversation.id);
    } catch (e) {
      toast({ tone: 'error', message: errorText(e) });
    }
    await reload();
  };

  if (open.kind === 'edit')
    return (
      <AssistantDialog
        initial={open.assistant ? draftOfAssistant(open.assistant) : emptyAssistantDraft()}
        renderTools={(tools, onChange) => <OpsChecklist tools={tools} onChange={onChange} />}
        renderMcpServers={(serverIds, onChange) => (
          <McpServersChecklist serverIds={serverIds} onChange={onChange} />
        )}
        onSaved={() => {
          back();
          void reload();
        }}
        onClose={back}
      />
    );
  if (open.kind === 'publish')
    return (
      <PublishPathDialog
        assistant={open.assistant}
        me={me}
        knownEmails={knownEmailsOf(assistants ?? [])}
        readOnly={open.readOnly}
        onPublished={() => {
          back();
          void reload();
        }}
        onClose={back}
      />
    );
  if (open.kind === 'delete')
    return (
      <ConfirmDialog
        title="Delete Assistant"
        message={`Delete the assistant ${open.assistant.name}? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => void remove(open.assistant)}
        onCancel={back}
      />
    );

  return (
    <Modal label="My Assistants" onDismiss={onClose} className="assistant-dialog">
      <h2 className="modal-title">My Assistants</h2>
      {error !== null && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {assistants !== null && own.length === 0 && <p className="muted">No assistants yet.</p>}
      <ul className="assistant-list" aria-label="My assistants">
        {own.map((a) => (
          <li key={a.assistantId} aria-label={a.name} className="assistant-row">
            <span className="assistant-row-name">{a.name}</span>
            {a.publication && (
              <span className="muted">
                /assistants/{a.publication.astPath} ·{' '}
                {a.publication.isPublic ? 'Public Access' : 'Restricted Access'}
              </span>
            )}
            <span className="assistant-row-actions">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setOpen({ kind: 'edit', assistant: a })}
              >
                Edit
              </button>
              {publishing && (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setOpen({ kind: 'publish', assistant: a, readOnly: false })}
                >
                  Publish
                </button>
              )}
              <button
                type="button"
                className="btn btn-small btn-danger-ghost"
                onClick={() => setOpen({ kind: 'delete', assistant: a })}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      {shared.length > 0 && (
        <>
          <h3 className="field-label">Shared with me</h3>
          <ul className="assistant-list" aria-label="Shared with me">
            {shared.map((a) => (
              <li key={a.assistantId} aria-label={a.name} className="assistant-row">
                <span className="assistant-row-name">{a.name}</span>
                <span className="assistant-row-actions">
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setOpen({ kind: 'publish', assistant: a, readOnly: true })}
                  >
                    View path
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <CloseActions onClose={onClose}>
        <button type="button" className="btn" onClick={() => setOpen({ kind: 'edit', assistant: null })}>
          Create Assistant
        </button>
      </CloseActions>
    </Modal>
  );
}

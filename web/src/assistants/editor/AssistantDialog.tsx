import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { AssistantTool } from '@app/contracts';
import { createAssistant } from '../../api/assistants';
import { errorText } from '../../api/http';
import { loadMyDocumentsAtom, myDocumentsAtom } from '../../documents';
import { pushToastAtom } from '../../state/toasts';
import { FormField } from '../../ui/FormField';
import { CheckField } from '../../ui/CheckField';
import { Modal } from '../../ui/Modal';
import {
  createPayloadOf,
  draftProblem,
  hasDocument,
  toggleDocument,
  type AssistantDraft,
} from './assistant-draft';
import { FormActions } from '../../ui/DialogActions';

export interface AssistantDialogProps {
  initial: AssistantDraft;
  /**
   * The slot for the ops listing (E): it shows and changes the assistant's tools. Without it the
   * tools are listed as they are.
   */
  renderTools?: (tools: AssistantTool[], onChange: (tools: AssistantTool[]) => void) => ReactNode;
  /** The slot for the MCP servers whose tools it offers (none: not shown). */
  renderMcpServers?: (serverIds: string[], onChange: (serverIds: string[]) => void) => ReactNode;
  onSaved: (assistantId: string) => void;
  onClose: () => void;
}

type TextField = 'name' | 'description' | 'instructions' | 'disclaimer' | 'tagsText';

/** Create an assistant, or save a new version of one. */
export function AssistantDialog({
  initial,
  renderTools,
  renderMcpServers,
  onSaved,
  onClose,
}: AssistantDialogProps) {
  const editing = initial.assistantId !== null;
  const title = editing ? 'Edit Assistant' : 'Create Assistant';
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const documents = useAtomValue(myDocumentsAtom);
  const loadDocuments = useSetAtom(loadMyDocumentsAtom);
  const toast = useSetAtom(pushToastAtom);

  useEffect(() => {
    void loadDocuments();
  }, [loadDocuments]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = draftProblem(draft);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await createAssistant(createPayloadOf(draft));
      toast({ tone: 'success', message: answer.message });
      onSaved(answer.data.assistantId);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  const field = (name: TextField, label: string, multiline = false) => (
    <FormField label={label} className="assistant-field">
      {(control) => {
        const props = {
          ...control,
          className: 'input',
          value: draft[name],
          onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
        };
        return multiline ? (
          <textarea {...props} rows={name === 'instructions' ? 6 : 2} />
        ) : (
          <input {...props} />
        );
      }}
    </FormField>
  );

  return (
    <Modal label={title} onDismiss={onClose} className="assistant-dialog">
      <form onSubmit={(e) => void onSubmit(e)} aria-label={title}>
        <h2 className="modal-title">{title}</h2>
        {field('name', 'Name')}
        {field('description', 'Description', true)}
        {field('instructions', 'Instructions', true)}
        {field('disclaimer', 'Disclaimer', true)}
        <fieldset className="assistant-documents">
          <legend className="field-label">Documents</legend>
          {documents === null && <p className="muted">Loading documents…</p>}
          {documents?.length === 0 && <p className="muted">No documents yet.</p>}
          {documents?.map((doc) => (
            <CheckField
              key={doc.id}
              className="assistant-document"
              label={doc.name ?? doc.id}
              checked={hasDocument(draft, doc)}
              onChange={() => setDraft(toggleDocument(draft, doc))}
            />
          ))}
        </fieldset>
        {field('tagsText', 'Tags (comma-separated)')}
        <section className="assistant-tools" aria-label="Tools">
          <h3 className="field-label">Tools</h3>
          {renderTools?.(draft.tools, (tools) => setDraft({ ...draft, tools })) ??
            (draft.tools.length === 0 ? (
              <p className="muted">No tools.</p>
            ) : (
              <ul className="chips">
                {draft.tools.map((tool) => (
                  <li key={tool.name} className="chip" title={tool.description}>
                    {tool.name}
                  </li>
                ))}
              </ul>
            ))}
          {renderMcpServers?.(draft.mcpServers, (mcpServers) => setDraft({ ...draft, mcpServers }))}
        </section>
        {error !== null && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <FormActions submit={editing ? 'Save' : 'Create'} onCancel={onClose} disabled={busy} />
      </form>
    </Modal>
  );
}
